import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PadesSigner } from './pades-signature';
import type { PdfFacts, SigningCredentials } from '../../application/ports/document-files';
import { srgbProfile } from './srgb-profile';

const PRODUCER = 'Kupa';
const ICC = srgbProfile();
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The printed PDF made an archival one and signed: PDF/A-2b identification in XMP matching the document
 * information, the sRGB output intent, a file identifier, then a PAdES signature over the whole file.
 */
export async function archiveAndSign(printed: Uint8Array, facts: PdfFacts, credentials: SigningCredentials): Promise<Buffer> {
  const pdf = await PDFDocument.load(printed, { updateMetadata: false });
  const { context, catalog } = pdf;
  pdf.setTitle(facts.title, { showInWindowTitleBar: true });
  pdf.setAuthor(facts.author);
  pdf.setCreator(PRODUCER);
  pdf.setProducer(PRODUCER);
  pdf.setCreationDate(facts.createdAt);
  pdf.setModificationDate(facts.createdAt);
  pdf.setLanguage(facts.language);

  const metadata = context.stream(xmp(facts), { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));
  const profile = context.register(context.flateStream(ICC, { N: 3 }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));
  const id = PDFHexString.of(randomBytes(16).toString('hex'));
  context.trailerInfo.ID = context.obj([id, id]);

  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: facts.title,
    name: facts.author,
    contactInfo: '',
    location: 'Israel',
    signingTime: facts.createdAt,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: 16_384,
    appName: PRODUCER,
  });
  const unsigned = Buffer.from(await pdf.save({ useObjectStreams: false }));
  return new SignPdf().sign(unsigned, new PadesSigner(credentials));
}

function xmp(facts: PdfFacts): string {
  const when = facts.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdfaid:part>2</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(facts.title)}</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>${escapeXml(facts.author)}</rdf:li></rdf:Seq></dc:creator>
<xmp:CreateDate>${when}</xmp:CreateDate>
<xmp:ModifyDate>${when}</xmp:ModifyDate>
<xmp:CreatorTool>${PRODUCER}</xmp:CreatorTool>
<pdf:Producer>${PRODUCER}</pdf:Producer>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
