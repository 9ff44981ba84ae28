import { createHash, createPrivateKey, sign, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { Signer } from '@signpdf/utils';
import type { SigningCredentials } from '../../application/ports/document-files';

const { asn1 } = forge;
const { Class, Type } = asn1;
const OIDS = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
};

type Node = forge.asn1.Asn1;
const sequence = (...value: Node[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, value);
const set = (...value: Node[]) => asn1.create(Class.UNIVERSAL, Type.SET, true, value);
const oid = (id: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: Buffer) => asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, bytes.toString('binary'));
const integer = (n: number) => asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const nothing = () => asn1.create(Class.UNIVERSAL, Type.NULL, false, '');
const tagged = (value: Node[]) => asn1.create(Class.CONTEXT_SPECIFIC, 0, true, value);
const der = (node: Node) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const parse = (bytes: Buffer) => asn1.fromDer(bytes.toString('binary'));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
const attribute = (type: string, value: Node) => sequence(oid(type), set(value));

/**
 * A PAdES baseline (B-B) signature: a detached CMS SignedData over the PDF's signed byte ranges, whose
 * signed attributes are the content type, the digest and the signer's certificate (ESS
 * signing-certificate-v2). The signing time is the signature dictionary's, as PAdES asks.
 */
export class PadesSigner extends Signer {
  constructor(private readonly credentials: SigningCredentials) {
    super();
  }

  override async sign(signedBytes: Buffer): Promise<Buffer> {
    const certificates = this.credentials.certificatesPem.map((pem) => new X509Certificate(pem).raw);
    const signer = parse(certificates[0]);
    const tbs = (signer.value as Node[])[0].value as Node[];
    const versioned = tbs[0].tagClass === Class.CONTEXT_SPECIFIC;
    const serial = tbs[versioned ? 1 : 0];
    const issuer = tbs[versioned ? 3 : 2];

    const attributes = [
      attribute(OIDS.contentType, oid(OIDS.data)),
      attribute(OIDS.messageDigest, octets(sha256(signedBytes))),
      attribute(OIDS.signingCertificateV2, sequence(sequence(sequence(octets(sha256(certificates[0])))))),
    ]
      // DER: a SET OF is ordered by its members' encodings.
      .map((node) => ({ node, bytes: der(node) }))
      .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
      .map(({ node }) => node);
    const signature = sign('sha256', der(set(...attributes)), createPrivateKey(this.credentials.keyPem));
    const sha256Algorithm = sequence(oid(OIDS.sha256), nothing());

    const signerInfo = sequence(
      integer(1),
      sequence(issuer, serial),
      sha256Algorithm,
      tagged(attributes),
      sequence(oid(OIDS.sha256WithRsa), nothing()),
      octets(signature),
    );
    const signedData = sequence(
      integer(1),
      set(sha256Algorithm),
      sequence(oid(OIDS.data)),
      tagged(certificates.map(parse)),
      set(signerInfo),
    );
    return der(sequence(oid(OIDS.signedData), asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [signedData])));
  }
}
