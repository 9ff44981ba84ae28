import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { Scope } from '../../../../shared/domain/scope';
import type { CardTokenRepository } from '../../application/ports/payment-repositories';
import type { TokenRefusal, TokenUse } from '../../domain/card-token';

/** In the caller's transaction, if there is one: a token taken for an attempt that rolls back is not taken. */
@injectable()
export class PgCardTokenRepository implements CardTokenRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async add(
    token: string,
    processorToken: string,
    scope: Scope,
    minted: { sessionId: string; customerId: string },
    now: Date,
  ): Promise<void> {
    await sqlRows(
      this.em,
      `insert into card_tokens (token, account_id, livemode, checkout_session_id, customer_id, used_for, created_at, processor_token) values ($1, $2,
        $3, $4, $5, null, $6, $7)`,
      [token, scope.accountId, scope.livemode, minted.sessionId, minted.customerId, now, processorToken],
    );
  }

  async take(token: string, scope: Scope, use: TokenUse, usedFor: string): Promise<{ processorToken: string } | TokenRefusal> {
    const [column, value] = 'sessionId' in use ? ['checkout_session_id', use.sessionId] : ['customer_id', use.customerId];
    const taken = await sqlRows<{ processor_token: string }>(
      this.em,
      `update card_tokens set used_for = $1 where token = $2 and account_id = $3 and livemode = $4 and ${column} = $5 and (used_for is null or used_for = $1)
       returning processor_token`,
      [usedFor, token, scope.accountId, scope.livemode, value],
    );
    if (taken.length > 0) return { processorToken: taken[0].processor_token };
    const mine = await sqlRows(
      this.em,
      `select 1 from card_tokens where token = $1 and account_id = $2 and livemode = $3 and ${column} = $4`,
      [token, scope.accountId, scope.livemode, value],
    );
    return mine.length > 0 ? 'used' : 'not_found';
  }
}
