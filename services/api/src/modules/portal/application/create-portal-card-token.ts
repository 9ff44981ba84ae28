import { inject, injectable } from 'inversify';
import { ValidationError } from '../../../shared/domain/domain-error';
import { type CardDetails, type CardInput, TokenizeCard } from '../../payments';
import { PortalAccess } from './portal-access';
import { GetAccount } from '../../accounts';

/** The portal tokenizes a new card with the processor of its account and mode, for its customer only. */
@injectable()
export class CreatePortalCardToken {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(TokenizeCard) private readonly tokenize: TokenizeCard,
    @inject(GetAccount) private readonly getAccount: GetAccount,
  ) {}

  async execute(sessionId: string, card: CardInput): Promise<{ token: string; card: CardDetails }> {
    const { session, scope, customerId } = await this.access.visit(sessionId);
    if (card.holderId === undefined && (await this.getAccount.execute(scope.accountId)).cardholderIdRequired) {
      throw new ValidationError('parameter_missing', "The cardholder's ID number is required", 'card.holder_id');
    }
    return this.tokenize.execute(scope, card, { sessionId: session.id, customerId });
  }
}
