import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { ValidationError } from '../../../../shared/domain/domain-error';
import { randomBase62 } from '../../../../shared/domain/ids';
import type { Scope } from '../../../../shared/domain/scope';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { type HostedReport } from '../../domain/payment-attempt';
import { PaymentMethod } from '../../domain/payment-method';
import { PAYMENTS } from '../../payments.tokens';
import type { CardProcessor, HostedChargeRequest } from '../ports/card-processor';
import type { PaymentMethodRepository } from '../ports/payment-repositories';
import { MoneyGate } from './money-gate';
import { HostedReportRefused } from './settle-payment-attempt';

/** What a card check holds for a moment: ₪1, released as soon as it is read back. */
export const CARD_CHECK_AMOUNT = 100;

/** The prefix of a card check's `challenge_id`, which tells it from a payment's. */
const CHECK = 'chk_';

/**
 * Saves a new card without a payment, in the processor's own fields (a free trial's card, the portal's
 * "Update card"): the fields place a J5 hold of `CARD_CHECK_AMOUNT` (as public integrations save a card,
 * with `tran_mode` V), Kupa reads it back from the processor (a J5 of that amount carrying the check's
 * key, which binds it to its owner: a checkout or portal session), releases it at once server to server,
 * and keeps the processor's token of the card. Nothing is charged. A repeated report reads the same hold,
 * releases it under the same key (the duplicate guard answers the first release) and saves the same card.
 * A check never reported leaves a hold that lapses with the processor's hold window, and saves nothing.
 */
@injectable()
export class CheckCardInFields {
  constructor(
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(PAYMENTS.PaymentMethodRepository) private readonly methods: PaymentMethodRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /** Whether a `challenge_id` names a card check (else a payment). */
  static names(challengeId: string): boolean {
    return challengeId.startsWith(CHECK);
  }

  /** A new check for `owner` (the session that saves the card): its id, and what the page hands the fields. */
  async prepare(scope: Scope, owner: string): Promise<{ challengeId: string; charge: Record<string, string> }> {
    const fields = await this.fieldsOf(scope);
    const challengeId = `${CHECK}${randomBase62(20)}`;
    return { challengeId, charge: await fields.hostedFields!.prepare(checkOf(owner, challengeId)) };
  }

  /**
   * The check the page reported, read back: the saved card, or `declined` when the fields made no hold
   * (refused before, or by the issuer). A transaction that is not this check's is `hosted_report_refused`.
   */
  async complete(
    scope: Scope,
    customerId: string,
    owner: string,
    challengeId: string,
    report: HostedReport,
  ): Promise<PaymentMethod | 'declined'> {
    const processor = await this.fieldsOf(scope);
    const check = checkOf(owner, challengeId);
    const read = await processor.hostedFields!.read({ ...check, transactionId: report.transactionId, shown: report.shown });
    if (read.status === 'mismatch') throw new HostedReportRefused(read.field);
    if (read.status !== 'authorized' || !read.cardRef) return 'declined';
    await processor.void({ idempotencyKey: `${check.idempotencyKey}_release`, processorRef: read.processorRef });
    return this.methods.addOnce(PaymentMethod.save(scope, customerId, read.cardRef, read.card, this.clock.now()));
  }

  /** The scope's processor, which must take cards in its own fields (else 400 `parameter_invalid`: the page's own fields and `…/tokens` take them). */
  private async fieldsOf(scope: Scope): Promise<CardProcessor> {
    const processor = await this.gate.processorFor(scope);
    if (!processor.hostedFields)
      throw new ValidationError('parameter_invalid', "This processor takes new cards in the page's own fields, through …/tokens", 'id');
    return processor;
  }
}

/** The check's hold: its key is bound to its owner, so a check made for one session cannot save a card to another. */
function checkOf(owner: string, challengeId: string): HostedChargeRequest {
  const key = createHash('sha256').update(`${owner}:${challengeId}`).digest('hex').slice(0, 32);
  return { idempotencyKey: `check_${key}`, amount: CARD_CHECK_AMOUNT, currency: 'ils', capture: false, installments: null };
}
