import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import type { SubscriptionStartRepository } from '../../application/ports/subscription-repository';
import { SubscriptionStart } from '../../domain/subscription-start';
import { PendingRecords } from './pending-records';

const STARTS = new AggregateTable(SubscriptionStart, ['status'], ['subscription_start']);

@injectable()
export class PgSubscriptionStartRepository extends PendingRecords<SubscriptionStart> implements SubscriptionStartRepository {
  constructor(@inject(PERSISTENCE.EntityManager) em: EntityManager) {
    super(em, STARTS);
  }
}
