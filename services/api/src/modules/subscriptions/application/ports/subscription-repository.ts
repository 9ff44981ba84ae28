import type { Scope } from '../../../../shared/domain/scope';
import type { Period } from '../../../../shared/domain/period';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { Subscription, SubscriptionStatus } from '../../domain/subscription';
import type { SubscriptionChange } from '../../domain/subscription-change';
import type { SubscriptionStart } from '../../domain/subscription-start';

export interface SubscriptionRepository {
  /** Subscriptions made in the period, and those that ended in it. */
  countChanges(scope: Scope, period: Period): Promise<{ started: number; canceled: number }>;
  add(subscription: Subscription): Promise<void>;
  save(subscription: Subscription): Promise<void>;
  /** Writes what the renewal run changes (status, period, dunning, cancellation) of each, in one statement. */
  saveMany(subscriptions: Subscription[]): Promise<void>;
  findById(scope: Scope, id: string): Promise<Subscription | null>;
  findByIdUnscoped(id: string): Promise<Subscription | null>;
  findManyUnscoped(ids: string[]): Promise<Subscription[]>;
  /** Locks the row, waiting for whoever holds it. */
  findForUpdate(id: string): Promise<Subscription | null>;
  /** Locks the row, or answers null when another worker holds it (SKIP LOCKED). */
  lock(id: string): Promise<Subscription | null>;
  /** Locks the rows in id order, leaving out those another worker holds (SKIP LOCKED). */
  lockMany(ids: string[]): Promise<Subscription[]>;
  list(scope: Scope, filter: { customer?: string; status?: SubscriptionStatus }, page: PageRequest): Promise<Page<Subscription>>;
  /** Subscriptions of any account charged to one of `cardIds` that will renew (not canceled, not ending). */
  renewingOnCards(cardIds: string[]): Promise<Subscription[]>;
  /** Whether the customer has a subscription not canceled. */
  anyOpen(scope: Scope, customerId: string): Promise<boolean>;
  /** Subscriptions with something due by `now`: real-time ones (`clock` null) or one test clock's. */
  dueIds(now: Date, clock: string | null, afterId: string | null, limit: number): Promise<string[]>;
}

export interface SubscriptionStartRepository {
  add(start: SubscriptionStart): Promise<void>;
  save(start: SubscriptionStart): Promise<void>;
  findForUpdate(id: string): Promise<SubscriptionStart | null>;
  findById(id: string): Promise<SubscriptionStart | null>;
  /** Starts still being charged that were committed before `before`, oldest first. */
  pendingSince(before: Date, limit: number): Promise<SubscriptionStart[]>;
}

export interface SubscriptionChangeRepository {
  add(change: SubscriptionChange): Promise<void>;
  save(change: SubscriptionChange): Promise<void>;
  findForUpdate(id: string): Promise<SubscriptionChange | null>;
  findById(id: string): Promise<SubscriptionChange | null>;
  /** Changes still being charged that were committed before `before`, oldest first. */
  pendingSince(before: Date, limit: number): Promise<SubscriptionChange[]>;
}
