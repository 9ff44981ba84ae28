import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { ValidationError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import type { SecretBox } from '../../../shared/domain/secret-box';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { DocumentCertificate } from '../domain/document-certificate';
import { INVOICING } from '../invoicing.tokens';
import { type DocumentCertificateRepository, type SigningCredentials, type SigningKeys, UnusableCertificate } from './ports/document-files';

/** What the key and chain are sealed for: they open for this use only. */
const DOCUMENT_SIGNING_KEY = 'document_signing_key';

/**
 * The certificates documents are signed with, one per account and mode: the merchant's upload, or in
 * test mode one generated on first use. The key and chain are sealed under the account's data key.
 */
@injectable()
export class SigningCertificates {
  constructor(
    @inject(INVOICING.DocumentCertificateRepository) private readonly certificates: DocumentCertificateRepository,
    @inject(INVOICING.SigningKeys) private readonly keys: SigningKeys,
    @inject(SHARED.SecretBox) private readonly secrets: SecretBox,
    @inject(SHARED.Clock) private readonly clock: Clock,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** POST /v1/account/document_certificate: replaces the mode's certificate. */
  async upload(scope: Scope, pkcs12: string, password: string): Promise<DocumentCertificate> {
    let credentials: SigningCredentials;
    try {
      credentials = this.keys.readPkcs12(Buffer.from(pkcs12, 'base64'), password);
    } catch (error) {
      if (error instanceof UnusableCertificate) throw new ValidationError('document_certificate_invalid', error.message, error.param);
      throw error;
    }
    const { subject, expiresAt } = this.keys.describe(credentials);
    const now = this.clock.now();
    if (expiresAt <= now)
      throw new ValidationError(
        'document_certificate_invalid',
        `The certificate ended on ${expiresAt.toISOString().slice(0, 10)}`,
        'pkcs12',
      );
    const facts = { subject, expiresAt, credentialsSealed: await this.seal(scope.accountId, credentials) };
    return this.uow.join(async () => {
      const uploaded = DocumentCertificate.create(scope, { ...facts, test: false }, now);
      if (await this.certificates.addUnlessTaken(uploaded)) return uploaded;
      const current = (await this.certificates.findForUpdate(scope))!;
      current.replace(facts, now);
      await this.certificates.save(current);
      return current;
    });
  }

  /**
   * What signs the scope's documents now: null in live mode until the merchant uploads a certificate, and
   * again once it has ended (a signature by an ended certificate proves nothing).
   */
  async forSigning(scope: Scope, businessName: string): Promise<{ credentials: SigningCredentials; subject: string } | null> {
    let certificate = await this.certificates.find(scope);
    if (!certificate && !scope.livemode) {
      const credentials = this.keys.forTest(businessName, this.clock.now());
      const { subject, expiresAt } = this.keys.describe(credentials);
      const sealed = await this.seal(scope.accountId, credentials);
      const generated = DocumentCertificate.create(scope, { subject, expiresAt, test: true, credentialsSealed: sealed }, this.clock.now());
      await this.uow.join(() => this.certificates.addUnlessTaken(generated));
      certificate = await this.certificates.find(scope);
    }
    if (!certificate || !this.inForce(certificate)) return null;
    const opened = await this.secrets.open(scope.accountId, DOCUMENT_SIGNING_KEY, certificate.credentialsSealed);
    return { credentials: JSON.parse(opened) as SigningCredentials, subject: certificate.subject };
  }

  /** The mode's certificate, for the account to show (none in test mode until its first document). */
  current(scope: Scope): Promise<DocumentCertificate | null> {
    return this.certificates.find(scope);
  }

  async has(scope: Scope): Promise<boolean> {
    if (!scope.livemode) return true;
    const certificate = await this.certificates.find(scope);
    return certificate !== null && this.inForce(certificate);
  }

  private inForce(certificate: DocumentCertificate): boolean {
    return certificate.expiresAt > this.clock.now();
  }

  private async seal(accountId: string, credentials: SigningCredentials): Promise<string> {
    await this.secrets.prepare(accountId);
    return this.secrets.seal(accountId, DOCUMENT_SIGNING_KEY, JSON.stringify(credentials));
  }
}
