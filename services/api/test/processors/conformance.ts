import { describe, expect, it } from 'vitest';
import { randomBase62 } from '../../src/shared/domain/ids';
import { failureMessage } from '../../src/modules/payments/application/failure-messages';
import {
  type AuthorizeOutcome,
  type AuthorizeRequest,
  type CardInput,
  type CardProcessor,
  type DeclineCode,
  ProcessorRefused,
  ProcessorTimeout,
} from '../../src/modules/payments/application/ports/card-processor';

/** The processor's final no (`ProcessorRefused`), with the code the merchant is answered. */
const refusal = (code: string) => expect.objectContaining({ code, constructor: ProcessorRefused });

/**
 * The suite every card processor connector passes: what `CardProcessor` promises, asked of the real
 * thing (the simulated processor on PostgreSQL, Tranzila on its twin). A new connector gets a setup
 * below and must pass it unchanged.
 */
export interface ConnectorUnderTest {
  processor: CardProcessor;
  cards: {
    approved: CardInput;
    /** Cards that decline, and how: at least one hard, one soft and one `insufficient_funds`. */
    declines: Array<{ card: CardInput; code: DeclineCode; soft: boolean }>;
    /** A card that asks for 3-D Secure, where the connector declares it. */
    challenge?: CardInput;
  };
  /** Money the processor moved under this key (approved transactions), from its own ledger. */
  movedUnder(key: string): Promise<number>;
  /** The installments the processor recorded for the call with this key. */
  installmentsUnder(key: string): Promise<number | null>;
  /**
   * For a connector that declares `hosted_fields`: what the shopper's browser does with the processor's
   * own card fields, given the charge `prepare` answered and the card typed into them; answers the
   * transaction the fields named, or null when they made none.
   */
  collect?(charge: Record<string, string>, card: CardInput): Promise<string | null>;
  /** For a connector that declares a Bit page: the shopper's answer in the Bit app to the page at `url`. */
  answerInBit?(url: string, approve: boolean): Promise<void>;
  /** Network faults on the connector's next money call, where the connector crosses a network. */
  faults?: {
    /** The processor commits the call, and its answer never arrives. */
    loseNextAnswer(): Promise<void>;
    /** The processor answers 5xx without doing anything. */
    failNext(): Promise<void>;
  };
}

const NOW = new Date();
const key = (what: string) => `conf_${what}_${randomBase62(12)}`;

/** `network`: the connector crosses a network, so its time-outs are tested through `faults`. */
export function conformanceSuite(
  name: string,
  declared: { network: boolean; threeDSecure: boolean },
  setup: () => ConnectorUnderTest,
): void {
  describe(`the ${name} connector`, () => {
    const t = () => setup();
    const tokenOf = async (card: CardInput) => (await t().processor.tokenize(card, NOW)).token;
    const authorize = async (
      overrides: Partial<AuthorizeRequest> & { card?: CardInput } = {},
    ): Promise<{ request: AuthorizeRequest; outcome: AuthorizeOutcome }> => {
      const { card, ...rest } = overrides;
      const request: AuthorizeRequest = {
        idempotencyKey: key('pay'),
        source: { token: await tokenOf(card ?? t().cards.approved) },
        amount: 10_000,
        currency: 'ils',
        capture: true,
        installments: null,
        merchantInitiated: false,
        reference: `co_${randomBase62(8)}`,
        ...rest,
      };
      return { request, outcome: await t().processor.authorize(request) };
    };
    const approvedRef = (outcome: AuthorizeOutcome): string => {
      expect(outcome.status).toBe('authorized');
      return (outcome as { processorRef: string }).processorRef;
    };

    it('declares what it can do', () => {
      const { capabilities } = t().processor;
      expect(capabilities.holdWindowMs).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
      expect(capabilities.installments.max).toBeGreaterThanOrEqual(capabilities.installments.kinds.length > 0 ? 2 : 0);
      expect(['agorot', 'shekels']).toContain(capabilities.amountUnit);
      expect(t().processor.name).toMatch(/^[a-z]+$/);
    });

    it('takes a new card as it declares: by tokenize, or in its own fields with the amount locked, read back by the transaction or the key, once', async () => {
      const { processor, collect, cards } = t();
      const collection = processor.capabilities.cardCollection;
      if (collection.type === 'server') {
        expect(processor.hostedFields).toBeUndefined();
        expect((await processor.tokenize(cards.approved, NOW)).token).toBeTruthy();
        return;
      }
      expect(collection.scriptUrl).toMatch(/^https?:\/\//);
      expect(collect).toBeDefined();
      const request = { idempotencyKey: key('hosted'), amount: 10_000, currency: 'ils', capture: true, installments: null };
      const charge = await processor.hostedFields!.prepare(request);
      const transactionId = await collect!(charge, cards.approved);
      expect(transactionId).toBeTruthy();
      const shown = { brand: 'unknown' as const, last4: cards.approved.number.slice(-4) };
      const read = await processor.hostedFields!.read({ ...request, transactionId, shown });
      expect(read).toMatchObject({ status: 'authorized', card: { last4: shown.last4, expMonth: cards.approved.expMonth } });
      expect(await processor.hostedFields!.read({ ...request, transactionId: null })).toMatchObject({ status: 'authorized' });
      // The same charge submitted twice (a double click inside the fields) moves the money once.
      await collect!(charge, cards.approved);
      expect(await t().movedUnder(request.idempotencyKey)).toBe(1);
      // Any other amount than the locked one is refused by the processor, and nothing moves.
      const other = { ...request, idempotencyKey: key('hosted') };
      expect(await collect!({ ...(await processor.hostedFields!.prepare(other)), amount: '99.99' }, cards.approved)).toBeNull();
      expect(await t().movedUnder(other.idempotencyKey)).toBe(0);
    });

    it('takes Bit on its own page as it declares: read back by the key, refunded in full once, never below its minimum', async () => {
      const { processor, answerInBit } = t();
      const declared = processor.capabilities.bitPage;
      if (declared === null) {
        expect(processor.bitPage).toBeUndefined();
        return;
      }
      expect(answerInBit).toBeDefined();
      const links = {
        description: 'Conformance',
        language: 'he' as const,
        notifyUrl: 'https://kupa.example/n',
        successUrl: 'https://kupa.example/s',
        failureUrl: 'https://kupa.example/f',
      };
      const pay = { idempotencyKey: key('bit'), amount: declared.minimumAmount };
      const { url } = await processor.bitPage!.start({ ...links, ...pay });
      expect(url).toMatch(/^https?:\/\//);
      expect(await processor.bitPage!.read(pay)).toEqual({ status: 'not_found' });
      await answerInBit!(url, true);
      const read = await processor.bitPage!.read(pay);
      expect(read).toMatchObject({ status: 'authorized' });
      expect(await processor.bitPage!.read({ ...pay, amount: pay.amount + 1 })).toEqual({ status: 'mismatch', field: 'amount' });
      const processorRef = (read as { processorRef: string }).processorRef;
      await expect(processor.refund({ idempotencyKey: key('refund'), processorRef, amount: pay.amount - 1 })).rejects.toEqual(
        refusal('amount_too_large'),
      );
      await processor.refund({ idempotencyKey: key('refund'), processorRef, amount: pay.amount });
      // A repeat (after a lost answer) refunds nothing more, and is not an error.
      await processor.refund({ idempotencyKey: key('refund'), processorRef, amount: pay.amount });
      const declined = { idempotencyKey: key('bit'), amount: declared.minimumAmount };
      await answerInBit!((await processor.bitPage!.start({ ...links, ...declined })).url, false);
      expect(await processor.bitPage!.read(declined)).toMatchObject({ status: 'declined' });
      await expect(
        processor.bitPage!.start({ ...links, idempotencyKey: key('bit'), amount: declared.minimumAmount - 1 }),
      ).rejects.toThrow();
    });

    it('tokenizes a card and approves a payment, naming the card', async () => {
      const tokenized = await t().processor.tokenize(t().cards.approved, NOW);
      expect(tokenized.token).not.toContain(t().cards.approved.number);
      expect(tokenized.card).toMatchObject({
        last4: t().cards.approved.number.slice(-4),
        expMonth: t().cards.approved.expMonth,
        expYear: t().cards.approved.expYear,
      });
      const { request, outcome } = await authorize({ source: { token: tokenized.token } });
      expect(approvedRef(outcome)).toBeTruthy();
      expect(await t().movedUnder(request.idempotencyKey)).toBe(1);
    });

    it('declines hard and soft, each with a reason a shopper reads in Hebrew and English', async () => {
      const declines = t().cards.declines;
      expect(declines.some((decline) => decline.soft)).toBe(true);
      expect(declines.some((decline) => !decline.soft)).toBe(true);
      expect(declines.some((decline) => decline.code === 'insufficient_funds')).toBe(true);
      for (const decline of declines) {
        const { request, outcome } = await authorize({ card: decline.card });
        expect(outcome).toMatchObject({ status: 'declined', code: decline.code, soft: decline.soft });
        expect(await t().movedUnder(request.idempotencyKey)).toBe(0);
        expect(failureMessage(decline.code, 'he')).toMatch(/[\u0590-\u05FF]/);
        expect(failureMessage(decline.code, 'en')).toMatch(/[A-Za-z]/);
      }
    });

    it('holds (J5) and captures in full once; a second capture under another key is refused', async () => {
      const { outcome } = await authorize({ capture: false });
      const ref = approvedRef(outcome);
      const capture = key('capture');
      await t().processor.capture({ idempotencyKey: capture, processorRef: ref, amount: 10_000 });
      await t().processor.capture({ idempotencyKey: capture, processorRef: ref, amount: 10_000 });
      expect(await t().movedUnder(capture)).toBe(1);
      await expect(t().processor.capture({ idempotencyKey: key('capture'), processorRef: ref, amount: 10_000 })).rejects.toEqual(
        refusal('charge_not_capturable'),
      );
    });

    it('captures a hold in part, never for more than it holds', async () => {
      expect(t().processor.capabilities.partialCapture).toBe(true);
      const { outcome } = await authorize({ capture: false, amount: 8_000 });
      const ref = approvedRef(outcome);
      await expect(t().processor.capture({ idempotencyKey: key('capture'), processorRef: ref, amount: 8_001 })).rejects.toEqual(
        refusal('charge_not_capturable'),
      );
      const part = key('capture');
      await t().processor.capture({ idempotencyKey: part, processorRef: ref, amount: 5_000 });
      expect(await t().movedUnder(part)).toBe(1);
    });

    it('releases a hold, as the expiry sweep does, after which it cannot be captured', async () => {
      const { outcome } = await authorize({ capture: false });
      const ref = approvedRef(outcome);
      const release = key('void');
      await t().processor.void({ idempotencyKey: release, processorRef: ref });
      await t().processor.void({ idempotencyKey: release, processorRef: ref });
      expect(await t().movedUnder(release)).toBe(1);
      await expect(t().processor.capture({ idempotencyKey: key('capture'), processorRef: ref, amount: 10_000 })).rejects.toEqual(
        refusal('charge_not_capturable'),
      );
    });

    it('refunds in full or in part, several times, and refuses an over-refund', async () => {
      const { outcome } = await authorize({ amount: 10_000 });
      const ref = approvedRef(outcome);
      const first = key('refund');
      await t().processor.refund({ idempotencyKey: first, processorRef: ref, amount: 3_000 });
      await t().processor.refund({ idempotencyKey: first, processorRef: ref, amount: 3_000 });
      expect(await t().movedUnder(first)).toBe(1);
      await expect(t().processor.refund({ idempotencyKey: key('refund'), processorRef: ref, amount: 7_001 })).rejects.toEqual(
        refusal('amount_too_large'),
      );
      const rest = key('refund');
      await t().processor.refund({ idempotencyKey: rest, processorRef: ref, amount: 7_000 });
      expect(await t().movedUnder(rest)).toBe(1);
      await expect(t().processor.refund({ idempotencyKey: key('refund'), processorRef: ref, amount: 1 })).rejects.toEqual(
        refusal('amount_too_large'),
      );
    });

    it('verifies a card without charging (J2), then charges it by its reference without the shopper', async () => {
      const verified = await t().processor.verify({ idempotencyKey: key('verify'), token: await tokenOf(t().cards.approved) });
      expect('ref' in verified && verified.card.last4).toBe(t().cards.approved.number.slice(-4));
      const ref = (verified as { ref: string }).ref;
      const renewal = key('renewal');
      const outcome = await t().processor.authorize({
        idempotencyKey: renewal,
        source: { paymentMethodRef: ref },
        amount: 4_900,
        currency: 'ils',
        capture: true,
        installments: null,
        merchantInitiated: true,
        reference: 'sub_conf:1',
      });
      approvedRef(outcome);
      expect(await t().movedUnder(renewal)).toBe(1);
    });

    it('records installments', async () => {
      const { installments } = t().processor.capabilities;
      expect(installments.kinds).toContain('payments');
      const { request, outcome } = await authorize({ amount: 10_000, installments: 3 });
      approvedRef(outcome);
      expect(await t().installmentsUnder(request.idempotencyKey)).toBe(3);
    });

    it('never charges twice under one key: repeated and concurrent calls answer the first charge', async () => {
      const { request, outcome } = await authorize();
      const ref = approvedRef(outcome);
      const again = await Promise.all([1, 2, 3].map(() => t().processor.authorize(request)));
      for (const answer of again) expect(approvedRef(answer)).toBe(ref);
      expect(await t().movedUnder(request.idempotencyKey)).toBe(1);
    });

    it('finds by its key what a call did, and nothing for a key it never received', async () => {
      const { request, outcome } = await authorize();
      const found = await t().processor.lookup(request.idempotencyKey);
      expect(found?.outcome).toEqual({ status: 'approved', processorRef: approvedRef(outcome) });
      expect(Math.abs(found!.receivedAt.getTime() - Date.now())).toBeLessThan(5 * 60 * 1000);
      const declined = await authorize({ card: t().cards.declines[0].card });
      expect((await t().processor.lookup(declined.request.idempotencyKey))?.outcome).toEqual({
        status: 'declined',
        code: t().cards.declines[0].code,
      });
      expect(await t().processor.lookup(key('never'))).toBeNull();
    });

    if (declared.network) {
      it('after an answer lost in a time-out, finds what really happened instead of charging again', async () => {
        const faults = t().faults!;
        const request: AuthorizeRequest = {
          idempotencyKey: key('pay'),
          source: { token: await tokenOf(t().cards.approved) },
          amount: 10_000,
          currency: 'ils',
          capture: true,
          installments: null,
          merchantInitiated: false,
          reference: 'co_lost',
        };
        await faults.loseNextAnswer();
        const ref = approvedRef(await t().processor.authorize(request));
        expect(await t().movedUnder(request.idempotencyKey)).toBe(1);
        expect((await t().processor.lookup(request.idempotencyKey))?.outcome).toEqual({ status: 'approved', processorRef: ref });

        const unanswered = { ...request, idempotencyKey: key('pay'), source: { token: await tokenOf(t().cards.approved) } };
        await faults.failNext();
        await expect(t().processor.authorize(unanswered)).rejects.toBeInstanceOf(ProcessorTimeout);
        expect(await t().movedUnder(unanswered.idempotencyKey)).toBe(0);
        approvedRef(await t().processor.authorize(unanswered));
        expect(await t().movedUnder(unanswered.idempotencyKey)).toBe(1);
      });
    }

    if (declared.threeDSecure) {
      it('asks for 3-D Secure where the card needs it, and approves once authenticated', async () => {
        expect(t().processor.capabilities.threeDSecure).toBe(true);
        const { request, outcome } = await authorize({ card: t().cards.challenge! });
        expect(outcome.status).toBe('requires_action');
        const challengeId = (outcome as { challengeId: string }).challengeId;
        approvedRef(
          await t().processor.completeChallenge({ idempotencyKey: `${request.idempotencyKey}_3ds`, challengeId, result: 'authenticated' }),
        );
      });
    } else {
      it('declares 3-D Secure absent, and no payment asks for it', async () => {
        expect(t().processor.capabilities.threeDSecure).toBe(false);
        expect(t().cards.challenge).toBeUndefined();
        expect(() =>
          t().processor.completeChallenge({ idempotencyKey: key('3ds'), challengeId: '3ds_x', result: 'authenticated' }),
        ).toThrow();
      });
    }
  });
}
