import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import type { SubscriptionChangeRepository } from '../../application/ports/subscription-repository';
import { SubscriptionChange } from '../../domain/subscription-change';
import { PendingRecords } from './pending-records';

const CHANGES = new AggregateTable(SubscriptionChange, ['status'], ['subscription_change']);

@injectable()
export class PgSubscriptionChangeRepository extends PendingRecords<SubscriptionChange> implements SubscriptionChangeRepository {
  constructor(@inject(PERSISTENCE.EntityManager) em: EntityManager) {
    super(em, CHANGES);
  }
}
