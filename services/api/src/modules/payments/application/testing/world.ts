import { Bill } from '../../../../shared/domain/bill';
import { MovableClock } from '../../../../testing/movable-clock';
import { InMemoryUnitOfWork } from '../../../../testing/in-memory-unit-of-work';
import type { Scope } from '../../../../shared/domain/scope';
import { anAccount } from '../../../accounts/testing';
import { aCustomer } from '../../../customers/testing';
import { Charge, type NewCharge } from '../../domain/charge';
import { PaymentMethod } from '../../domain/payment-method';
import type { TokenRefusal, TokenUse } from '../../domain/card-token';
import type { NewAttemptRequest } from '../../domain/payment-attempt';
import { AwaitPaymentAttempt } from '../money/await-payment-attempt';
import { SettlePaymentAttempt } from '../money/settle-payment-attempt';
import { CancelCharge } from '../cancel-charge';
import { CaptureCharge } from '../capture-charge';
import { CardTokens } from '../card-tokens';
import { ChargeBook } from '../charge-book';
import { CreateRefund } from '../create-refund';
import { DescribeProcessor } from '../describe-processor';
import { EndHold } from '../end-hold';
import { MoneyDriver } from '../money/money-driver';
import { FinishChargeOperation } from '../money/finish-charge-operation';
import { MoneyGate } from '../money/money-gate';
import type { CardTokenRepository, PaymentMethodRepository, ProcessorConnectionRepository } from '../ports/payment-repositories';
import { RecordPaymentAttempt } from '../money/record-payment-attempt';
import { StartPaymentAttempt } from '../money/start-payment-attempt';
import {
  FakeDirectory,
  FakeProcessor,
  type CardBehaviour,
  fakeAccounts,
  fakeCustomers,
  InMemoryAttempts,
  InMemoryCharges,
  InMemoryOperations,
  InMemoryPaymentMethods,
  InMemoryRefunds,
  noMetrics,
  RecordedEffects,
  settings,
} from './fakes';

export const SCOPE: Scope = { accountId: 'acct_spec', livemode: false };
export const T0 = new Date('2026-06-01T09:00:00.000Z');

/** Card tokens minted on a session, taken once. */
export class InMemoryCardTokens implements CardTokenRepository {
  private readonly tokens = new Map<string, { scope: Scope; sessionId: string; customerId: string; usedFor: string | null }>();

  async add(token: string, _processorToken: string, scope: Scope, minted: { sessionId: string; customerId: string }, _now?: Date) {
    this.tokens.set(token, { scope, ...minted, usedFor: null });
  }
  async take(token: string, scope: Scope, use: TokenUse, usedFor: string): Promise<{ processorToken: string } | TokenRefusal> {
    const found = this.tokens.get(token);
    const mine =
      found &&
      found.scope.accountId === scope.accountId &&
      found.scope.livemode === scope.livemode &&
      ('sessionId' in use ? found.sessionId === use.sessionId : found.customerId === use.customerId);
    if (!found || !mine) return 'not_found';
    if (found.usedFor !== null && found.usedFor !== usedFor) return 'used';
    found.usedFor = usedFor;
    return { processorToken: token };
  }
}

/** The payments module's money flows wired as in the service, over fakes: no database, no network. */
export function paymentsWorld() {
  const clock = new MovableClock(T0);
  const uow = new InMemoryUnitOfWork();
  const charges = new InMemoryCharges(uow);
  const operations = new InMemoryOperations(uow);
  const refunds = new InMemoryRefunds(uow);
  const attempts = new InMemoryAttempts(uow);
  const methods = new InMemoryPaymentMethods(uow);
  const tokens = new InMemoryCardTokens();
  const processor = new FakeProcessor(clock);
  const directory = new FakeDirectory(processor);
  const effects = new RecordedEffects(uow);
  const account = anAccount(SCOPE.accountId, 'Olive Shop', T0);
  const customer = aCustomer(SCOPE, 'Dana Levi', 'dana@example.co.il', T0);
  const config = settings();
  const noConnections: ProcessorConnectionRepository = { find: async () => null, save: async () => {} };
  const describe = new DescribeProcessor(noConnections, directory);
  const book = new ChargeBook(
    effects.recordEvent,
    effects.issueDocument,
    effects.printDocument,
    effects.queueEmail,
    fakeCustomers(customer),
    fakeAccounts(account),
    charges,
    describe,
    uow,
    noMetrics,
  );
  const getAccount = fakeAccounts(account);
  const gate = new MoneyGate(getAccount, directory, noConnections);
  const driver = new MoneyDriver(directory, config, uow);
  const finish = new FinishChargeOperation(charges, operations, refunds, book, driver, clock);
  const record = new RecordPaymentAttempt(attempts, book, uow, clock);
  const endHold = new EndHold(charges, operations, finish, uow, clock);
  return {
    clock,
    uow,
    charges,
    operations,
    refunds,
    attempts,
    methods,
    tokens,
    processor,
    effects,
    customer,
    account,
    getAccount,
    config,
    book,
    gate,
    directory,
    describe,
    endHold,
    finish,
    driver,
    capture: new CaptureCharge(charges, gate, endHold, clock),
    cancel: new CancelCharge(charges, gate, endHold),
    refund: new CreateRefund(charges, operations, gate, finish, uow, clock),
    start: new StartPaymentAttempt(attempts, gate, new CardTokens(tokens, directory), uow, clock),
    record,
    settle: new SettlePaymentAttempt(attempts, methods, new AwaitPaymentAttempt(attempts, config, uow, clock), record, driver, clock),
  };
}

export type PaymentsWorld = ReturnType<typeof paymentsWorld>;

/** A charge as a paid checkout leaves it: a sale (`automatic`) or a J5 hold (`manual`), through the charge book. */
export async function aCharge(world: PaymentsWorld, overrides: Partial<NewCharge> = {}): Promise<Charge> {
  const input: NewCharge = {
    customerId: world.customer.id,
    amount: 10_000,
    currency: 'ils',
    captureMethod: 'automatic',
    checkoutSessionId: 'cs_spec',
    lineItems: null,
    subscriptionId: null,
    paymentMethod: { type: 'card', wallet: null, card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } },
    installments: null,
    metadata: {},
    createDocument: true,
    documentLines: [{ description: 'Olive oil', quantity: 1, unitAmount: 10_000, amount: 10_000 }],
    ...overrides,
  };
  const ref = `ref_seed_${world.charges.table.all().length + 1}`;
  return world.uow.run(() =>
    world.book.record(
      SCOPE,
      input,
      { status: 'authorized', processorRef: ref, card: { ...input.paymentMethod.card, fingerprint: 'fp' } },
      world.clock.now(),
    ),
  );
}

export const aHold = (world: PaymentsWorld, overrides: Partial<NewCharge> = {}) =>
  aCharge(world, { captureMethod: 'manual', ...overrides });

/** A checkout's payment by a card token minted on its session. */
export async function aCardPayment(
  world: PaymentsWorld,
  token: string,
  overrides: Partial<NewAttemptRequest> = {},
): Promise<NewAttemptRequest> {
  const sessionId = overrides.sessionId ?? 'cs_spec';
  await world.tokens.add(token, token, SCOPE, { sessionId, customerId: world.customer.id }, world.clock.now());
  return {
    scope: SCOPE,
    sessionId,
    customerId: world.customer.id,
    currency: 'ils',
    captureMethod: 'automatic',
    createDocument: true,
    lineItems: null,
    bill: Bill.of([{ description: 'Olive oil', quantity: 1, unitAmount: 10_000, amount: 10_000 }]),
    installments: null,
    source: { type: 'card', token },
    subscription: null,
    ...overrides,
  };
}

/** A card saved for the world's customer under processor reference `ref`, which the processor answers as `behaviour`. */
export async function aSavedCard(
  world: PaymentsWorld,
  methods: PaymentMethodRepository,
  ref: string,
  behaviour: CardBehaviour = 'ok',
): Promise<PaymentMethod> {
  world.processor.cards.set(ref, behaviour);
  const card = { brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030, fingerprint: 'fp' };
  return methods.addOnce(PaymentMethod.save(SCOPE, world.customer.id, ref, card, world.clock.now()));
}
