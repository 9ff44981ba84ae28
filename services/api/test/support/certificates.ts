import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/** A certificate authority and a merchant's signing certificate under it, as a PKCS#12 file a merchant would upload. */
export function merchantPkcs12(commonName: string, password: string, validity: { from: Date; to: Date }): { p12: Buffer; keyPem: string } {
  const ca = keyPair();
  const signer = keyPair();
  const caName = [
    { name: 'commonName', value: 'Example Trust CA' },
    { name: 'countryName', value: 'IL' },
  ];
  const caCertificate = certificate(ca.publicKey, caName, caName, ca.privateKey, validity, true);
  const leaf = certificate(
    signer.publicKey,
    [
      { name: 'commonName', value: commonName },
      { name: 'countryName', value: 'IL' },
    ],
    caName,
    ca.privateKey,
    validity,
    false,
  );
  const p12 = forge.pkcs12.toPkcs12Asn1(signer.privateKey, [leaf, caCertificate], password, { algorithm: 'aes256' });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), keyPem: forge.pki.privateKeyToPem(signer.privateKey) };
}

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

function certificate(
  publicKey: forge.pki.PublicKey,
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  issuerKey: forge.pki.PrivateKey,
  validity: { from: Date; to: Date },
  authority: boolean,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = authority ? '01' : '02';
  cert.validity.notBefore = validity.from;
  cert.validity.notAfter = validity.to;
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions([{ name: 'basicConstraints', cA: authority }]);
  cert.sign(issuerKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return cert;
}
