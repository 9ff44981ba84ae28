import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { Scope } from '../../../../shared/domain/scope';
import type { CardTokenRepository } from '../../application/ports/payment-repositories';
import type { TokenRefusal, TokenUse } from '../../domain/card-token';

@injectable()
export class SqlCardTokenRepository implements CardTokenRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async add(token: string, scope: Scope, minted: { sessionId: string; customerId: string }, now: Date): Promise<void> {
    await this.sql('insert into card_tokens (token, account_id, livemode, checkout_session_id, customer_id, used_for, created_at) values (?, ?, ?, ?, ?, null, ?)', [
      token, scope.accountId, scope.livemode, minted.sessionId, minted.customerId, now,
    ]);
  }

  async take(token: string, scope: Scope, use: TokenUse, usedFor: string): Promise<true | TokenRefusal> {
    const [column, value] = 'sessionId' in use ? ['checkout_session_id', use.sessionId] : ['customer_id', use.customerId];
    const taken = await this.sql(
      `update card_tokens set used_for = ? where token = ? and account_id = ? and livemode = ? and ${column} = ? and (used_for is null or used_for = ?) returning 1`,
      [usedFor, token, scope.accountId, scope.livemode, value, usedFor],
    );
    if (taken.length > 0) return true;
    const mine = await this.sql(`select 1 from card_tokens where token = ? and account_id = ? and livemode = ? and ${column} = ?`, [token, scope.accountId, scope.livemode, value]);
    return mine.length > 0 ? 'used' : 'not_found';
  }

  /** In the caller's transaction, if there is one: a token taken for an attempt that rolls back is not taken. */
  private sql(query: string, params: unknown[]): Promise<Record<string, any>[]> {
    return this.em.getConnection().execute(query, params, 'all', this.em.getTransactionContext());
  }
}
