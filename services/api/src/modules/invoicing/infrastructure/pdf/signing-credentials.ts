import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

import { type SigningCredentials, type SigningKeys, UnusableCertificate } from '../../application/ports/document-files';

/** Keys and certificates with Node's crypto, and node-forge where Node has no parser (PKCS#12) or builder (X.509). */
export const forgeSigningKeys: SigningKeys = {
  readPkcs12,
  forTest: testCredentials,
  describe(credentials) {
    const certificate = new X509Certificate(credentials.certificatesPem[0]);
    const commonName = /(?:^|\n)CN=(.*)/.exec(certificate.subject)?.[1];
    return { subject: commonName ?? certificate.subject.replace(/\n/g, ', '), expiresAt: new Date(certificate.validTo) };
  },
};

/** The key and chain in a PKCS#12 file: a private key with the certificate that matches it. */
function readPkcs12(data: Buffer, password: string): SigningCredentials {
  let der: forge.asn1.Asn1;
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    der = forge.asn1.fromDer(data.toString('binary'));
  } catch {
    throw new UnusableCertificate('The file is not a PKCS#12 (.p12 or .pfx) file');
  }
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(der, password);
  } catch {
    throw new UnusableCertificate('The password does not open the PKCS#12 file', 'password');
  }
  const { oids } = forge.pki;
  const keyBags = [
    ...(p12.getBags({ bagType: oids.pkcs8ShroudedKeyBag })[oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: oids.keyBag })[oids.keyBag] ?? []),
  ];
  const keyBag = keyBags[0];
  if (!keyBag?.key) throw new UnusableCertificate('The file holds no RSA private key');
  const keyPem = forge.pki.privateKeyToPem(keyBag.key);
  const publicKey = createPublicKey(createPrivateKey(keyPem)).export({ type: 'spki', format: 'der' });
  const certificates = (p12.getBags({ bagType: oids.certBag })[oids.certBag] ?? [])
    .flatMap((bag) => (bag.cert ? [forge.pki.certificateToPem(bag.cert)] : []))
    .map((pem) => new X509Certificate(pem));
  const own = certificates.find((certificate) => certificate.publicKey.export({ type: 'spki', format: 'der' }).equals(publicKey));
  if (!own) throw new UnusableCertificate('The file holds no certificate for its private key');
  return { keyPem, certificatesPem: [own, ...certificates.filter((c) => c !== own)].map((c) => c.toString()) };
}

/**
 * A self-signed certificate for test-mode documents, named for the business and marked as a test: it
 * proves the file was not altered, and nothing about who signed it.
 */
function testCredentials(businessName: string, now: Date): SigningCredentials {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  certificate.serialNumber = `01${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const name = [
    { name: 'commonName', value: `${businessName} (TEST)`, valueTagClass: forge.asn1.Type.UTF8 },
    { name: 'organizationName', value: 'Kupa test mode - not a legal signature' },
    { name: 'countryName', value: 'IL' },
  ] as forge.pki.CertificateField[];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { keyPem, certificatesPem: [forge.pki.certificateToPem(certificate)] };
}
