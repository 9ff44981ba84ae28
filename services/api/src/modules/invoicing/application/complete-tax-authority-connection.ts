import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { ValidationError } from '../../../shared/domain/domain-error';
import type { SecretBox } from '../../../shared/domain/secret-box';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import { DOCUMENT_ALLOCATION_QUEUE, INVOICING } from '../invoicing.tokens';
import type { DocumentRepository } from './ports/document-repository';
import type { TaxAuthorityApi, TaxAuthorityConnectionRepository } from './ports/tax-authority';
import { ends, TaxAuthorityAccess } from './tax-authority-access';
import { RecordEvent } from '../../events';
import { toConnectionResponse } from '../published/tax-authority-connection';

/**
 * The Tax Authority sent the merchant back with a code: it is exchanged for the business's tokens, kept
 * sealed, and the connection is made (`tax_authority_connection.updated`); the live documents that waited
 * for it are asked for again. A state no connection is waiting for is refused.
 */
@injectable()
export class CompleteTaxAuthorityConnection {
  constructor(
    @inject(INVOICING.TaxAuthorityConnectionRepository) private readonly connections: TaxAuthorityConnectionRepository,
    @inject(INVOICING.TaxAuthorityApi) private readonly api: TaxAuthorityApi,
    @inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository,
    @inject(JOBS.Queue) private readonly queue: JobQueue,
    @inject(TaxAuthorityAccess) private readonly access: TaxAuthorityAccess,
    @inject(SHARED.SecretBox) private readonly secrets: SecretBox,
    @inject(SHARED.Clock) private readonly clock: Clock,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
  ) {}

  async execute(code: string, state: string): Promise<void> {
    const waiting = await this.connections.findByState(state);
    if (!waiting)
      throw new ValidationError('parameter_invalid', 'This connection link is not one Kupa is waiting for: connect again', 'state');
    const tokens = await this.api.exchangeCode(code);
    await this.secrets.prepare(waiting.id);
    const sealed = await this.access.seal(waiting.id, tokens);
    await this.uow.run(async () => {
      const connection = (await this.connections.findForUpdate(waiting.id))!;
      if (connection.pendingState !== state)
        throw new ValidationError('parameter_invalid', 'This connection link was already used', 'state');
      connection.connected(sealed, ends(tokens), this.clock.now());
      await this.connections.save(connection);
      await this.recordEvent.execute(
        { accountId: connection.id, livemode: true },
        'tax_authority_connection.updated',
        toConnectionResponse(connection),
      );
      // Live documents that waited for the connection are asked for their numbers now.
      const waitingDocuments = await this.documents.awaitingAllocation({ accountId: connection.id, livemode: true });
      await this.queue.sendMany(waitingDocuments.map((documentId) => ({ name: DOCUMENT_ALLOCATION_QUEUE, data: { documentId } })));
    });
  }
}
