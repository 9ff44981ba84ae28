import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import type { SubscriptionRepository } from '../src/modules/subscriptions/application/ports/subscription-repository';
import { SUBSCRIPTIONS } from '../src/modules/subscriptions/subscriptions.tokens';
import { PERSISTENCE } from '../src/platform/persistence/persistence.tokens';
import { AggregateTable } from '../src/platform/persistence/sql/aggregate-table';
import { poolRows } from '../src/platform/persistence/sql/statements';
import { NestedUnitOfWork, type UnitOfWork } from '../src/platform/persistence/unit-of-work';
import { startTestApp, type TestApp } from './support/harness';

let app: TestApp;
let api: KupaClient;

beforeAll(async () => {
  app = await startTestApp();
  api = app.client((await app.createAccount('Persistence merchant')).testKey);
});
afterAll(() => app.close());

/**
 * The columns no save writes, by table: what an aggregate never changes after it is inserted. A new
 * column fails this test until it is either saved (its table's `saved` list, in its repository) or
 * named here.
 */
const WRITTEN_ONCE: Record<string, string[]> = {
  Account: ['id', 'createdAt'],
  ApiKey: ['id', 'accountId', 'livemode', 'scope', 'secretHash', 'last4', 'role', 'madeByUser', 'madeByEmail', 'createdAt'],
  Product: ['id', 'accountId', 'livemode', 'createdAt'],
  Price: [
    ...['id', 'accountId', 'livemode', 'productId', 'unitAmount', 'currency', 'taxMode', 'type'],
    ...['recurringInterval', 'trialPeriodDays', 'createdAt'],
  ],
  Customer: ['id', 'accountId', 'livemode', 'testClockId', 'createdAt'],
  TestClock: ['id', 'accountId', 'name', 'createdAt'],
  Event: ['id', 'accountId', 'livemode', 'type', 'data', 'previousAttributes', 'createdAt'],
  WebhookEndpoint: ['id', 'accountId', 'livemode', 'createdAt'],
  WebhookDelivery: [
    ...['id', 'accountId', 'eventId', 'eventType', 'endpointId', 'series', 'attempt', 'outcome', 'responseStatus', 'durationMs'],
    ...['responseBody', 'error', 'nextRetryAt', 'createdAt'],
  ],
  DiscountRule: [
    ...['id', 'accountId', 'livemode', 'name', 'code', 'automatic', 'percentOff', 'amountOff', 'currency', 'appliesToPrices'],
    // The redemption count changes under the rule's row lock, by statements of its own.
    ...['appliesToProducts', 'startsAt', 'expiresAt', 'maxRedemptions', 'timesRedeemed', 'duration', 'durationInMonths', 'createdAt'],
  ],
  CheckoutSession: [
    ...[
      'id',
      'accountId',
      'livemode',
      'customerId',
      'kind',
      'priceId',
      'plan',
      'planChange',
      'lineItems',
      'currency',
      'successUrl',
      'cancelUrl',
    ],
    ...['createDocument', 'captureMethod', 'paymentMethods', 'backgroundColor', 'autoOpenWallets', 'locale', 'installmentsMax'],
    'expiresAt',
    // Codes and code tries change by statements of their own, atomic against concurrent requests.
    ...['appliedCodes', 'failedCodeAttempts', 'failedCodeWindowStart'],
    'metadata',
    'createdAt',
  ],
  TaxDocument: [
    ...['id', 'accountId', 'livemode', 'type', 'number', 'customerId', 'chargeId', 'refundId', 'currency', 'lines', 'vatRate'],
    ...['amountExcludingVat', 'vatAmount', 'total', 'details', 'refersTo', 'issuedAt'],
    // Marked once, by a statement that only the first print wins.
    'originalRenderedAt',
  ],
  Charge: [
    ...['id', 'accountId', 'livemode', 'customerId', 'amount', 'currency', 'captureMethod', 'authorizedAt', 'capturableUntil'],
    ...['checkoutSessionId', 'lineItems', 'subscriptionId', 'subscriptionPeriod', 'paymentMethodDetails', 'installments'],
    ...['failureCode', 'failureMessage', 'failureKind', 'nextRetryAt', 'createDocument', 'documentLines', 'metadata', 'createdAt'],
  ],
  PaymentAttempt: ['id', 'kind', 'accountId', 'livemode', 'checkoutSessionId', 'idempotencyKey', 'amount', 'createdAt'],
  // An operation is aged by its start alone: it never goes back in flight.
  ChargeOperation: ['id', 'kind', 'accountId', 'livemode', 'chargeId', 'amount', 'reason', 'idempotencyKey', 'createdAt', 'updatedAt'],
  PaymentMethod: ['id', 'accountId', 'livemode', 'processorRef', 'brand', 'last4', 'expMonth', 'expYear', 'fingerprint', 'createdAt'],
  Refund: ['id', 'accountId', 'livemode', 'chargeId', 'amount', 'currency', 'status', 'reason', 'documentId', 'metadata', 'createdAt'],
  TaxAuthorityConnection: ['id'],
  AccountLogo: ['id', 'accountId', 'contentType', 'data', 'createdAt'],
  DocumentFile: ['id', 'documentId', 'accountId', 'livemode', 'variant', 'filename', 'pdf', 'signedBy', 'createdAt'],
  DocumentCertificate: ['id', 'accountId', 'livemode'],
  PortalSession: ['id', 'accountId', 'livemode', 'customerId', 'returnUrl', 'locale', 'expiresAt', 'createdAt'],
  SubscriptionStart: ['id', 'kind', 'accountId', 'livemode', 'subscriptionId', 'idempotencyKey', 'request', 'createdAt', 'updatedAt'],
  SubscriptionChange: [
    ...['id', 'kind', 'accountId', 'livemode', 'subscriptionId', 'idempotencyKey', 'amount', 'creditUsed', 'change'],
    ...['createdAt', 'updatedAt'],
  ],
  Subscription: ['id', 'accountId', 'livemode', 'customerId', 'planDiscounts', 'testClockId', 'createdAt'],
  User: ['id', 'accountId', 'email', 'createdAt'],
  DashboardSession: ['id', 'accountId', 'userId', 'tokenHash', 'address', 'userAgent', 'createdAt'],
  SignInThrottle: ['id'],
  ApiRequest: ['id', 'accountId', 'livemode', 'method', 'path', 'status', 'source', 'userId', 'createdAt'],
  AuditEntry: [
    'id',
    'accountId',
    'livemode',
    'userId',
    'userEmail',
    'apiKeyId',
    'action',
    'target',
    'status',
    'errorCode',
    'address',
    'requestId',
    'createdAt',
  ],
};

describe('aggregate tables', () => {
  it('declare, for every aggregate, which columns change after the insert; every other column is written once', () => {
    const metadata = app.services.orm.getMetadata();
    const declared = [...AggregateTable.declared.entries()];
    expect(declared.map(([name]) => name).sort()).toEqual(Object.keys(WRITTEN_ONCE).sort());
    for (const [name, { saved }] of declared) {
      const columns = metadata
        .get(name)
        .props.filter((prop) => prop.persist !== false)
        .map((prop) => prop.name);
      expect(columns, `${name}: every saved property is a column`).toEqual(expect.arrayContaining([...saved]));
      const once = columns.filter((column) => !saved.includes(column));
      expect(once.sort(), `${name}: the columns never saved`).toEqual(WRITTEN_ONCE[name].sort());
    }
  });

  it('save and saveMany of subscriptions write the same columns', async () => {
    const product = (await api.POST('/v1/products', { body: { name: 'Plan' } })).data!.data.id;
    const price = (
      await api.POST('/v1/prices', {
        body: { product, currency: 'ils', unit_amount: 4900, type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;
    const ids: string[] = [];
    for (const name of ['One', 'Two']) {
      const customer = (await api.POST('/v1/customers', { body: { name } })).data!.data.id;
      const pm = (await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data.id;
      ids.push((await api.POST('/v1/subscriptions', { body: { customer, payment_method: pm, price } })).data!.data.id);
    }
    const repository = app.services.container.get<SubscriptionRepository>(SUBSCRIPTIONS.SubscriptionRepository);
    const uow = app.services.container.get<UnitOfWork>(PERSISTENCE.UnitOfWork);
    const later = new Date('2031-01-01T00:00:00.000Z');
    await app.services.inContext(() =>
      uow.run(async () => {
        const [one, two] = await Promise.all(ids.map((id) => repository.findForUpdate(id)));
        for (const subscription of [one!, two!]) {
          subscription.cancel(later);
          Object.assign(subscription, { failedAttempts: 2, firstFailureAt: later, nextRetryAt: later, trialWillEndSent: true });
        }
        await repository.save(one!);
        await repository.saveMany([two!]);
      }),
    );
    const rows = await poolRows(app.services.orm.em, 'select * from subscriptions where id = any($1) order by id', [ids]);
    const changed = (row: Record<string, unknown>) => {
      const { id: _id, customer_id: _customer, payment_method_id: _pm, created_at: _created, anchor: _anchor, ...rest } = row;
      return { ...rest, current_period_start: null, current_period_end: null };
    };
    expect(rows[0]).toMatchObject({ status: 'canceled', failed_attempts: 2, trial_will_end_sent: true });
    expect(changed(rows[0])).toEqual(changed(rows[1]));
  });
});

describe('the unit of work', () => {
  const uow = () => app.services.container.get<UnitOfWork>(PERSISTENCE.UnitOfWork);

  it('refuses a unit of work inside another: a part that may roll back alone is asked for as a savepoint', async () => {
    await expect(app.services.inContext(() => uow().run(() => uow().run(async () => 1)))).rejects.toBeInstanceOf(NestedUnitOfWork);
    await expect(uow().savepoint(async () => 1)).rejects.toThrow(/needs a unit of work/);
  });

  it('rolls back a savepoint alone, and what it asked of the commit with it', async () => {
    const { em } = app.services.orm;
    const effects: string[] = [];
    const batch = { write: async (items: string[]) => void effects.push(...items.map((item) => `written ${item}`)) };
    await app.services.inContext(() =>
      uow().run(async () => {
        uow().addAtCommit(batch, 'kept');
        uow().afterCommit(() => effects.push('after kept'));
        await uow()
          .savepoint(async () => {
            uow().addAtCommit(batch, 'dropped');
            uow().afterCommit(() => effects.push('after dropped'));
            await poolRows(em, 'select 1');
            throw new Error('part fails');
          })
          .catch(() => undefined);
      }),
    );
    expect(effects).toEqual(['written kept', 'after kept']);
  });
});

describe('migrations', () => {
  it('are listed from their folder', () => {
    expect(() => execFileSync(process.execPath, [join(__dirname, '../scripts/list-migrations.mjs'), '--check'])).not.toThrow();
  });
});
