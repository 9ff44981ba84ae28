import { inject, injectable } from 'inversify';
import { NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import { GetAccount } from '../../accounts';
import { bitPageTakes, CardDeclined, type CheckoutPayment, CreatePaymentMethod, DescribeProcessor, GetPaymentMethod } from '../../payments';
import type { CheckoutSession } from '../domain/checkout-session';

/** How the shopper pays: a card token from the page, a saved card, or a wallet token. */
export type PaymentChoice =
  | { type: 'card'; token: string }
  | { type: 'saved_card'; paymentMethod: string }
  | { type: 'wallet'; wallet: 'apple_pay' | 'google_pay' | 'bit'; token: string }
  /** A new card in the processor's own fields on the page, which make the payment. */
  | { type: 'hosted_fields' }
  /** Bit on the processor's own page, which makes the payment. */
  | { type: 'bit_page' };

type Source = CheckoutPayment['source'];
/** A choice whose card the page itself names. */
type PageChoice = Exclude<PaymentChoice, { type: 'hosted_fields' | 'bit_page' }>;

/**
 * What a confirm pays with, checked against the session: a J5 hold takes a new card only, wallets need
 * the account's consent, a saved card must be the session's customer's, and a subscription's new card is
 * saved so renewals can charge it: by the payment's attempt once it has won (`charged`), so that parallel
 * confirms save one card, or here when nothing is charged now (`declined` when the issuer refuses to save it).
 */
@injectable()
export class ChoosePaymentSource {
  constructor(
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(GetPaymentMethod) private readonly getPaymentMethod: GetPaymentMethod,
    @inject(CreatePaymentMethod) private readonly savePaymentMethod: CreatePaymentMethod,
    @inject(DescribeProcessor) private readonly describeProcessor: DescribeProcessor,
  ) {}

  /** `due`: what the payment charges now; `installments`: the number of payments the shopper chose. */
  async execute(
    session: CheckoutSession,
    choice: PaymentChoice,
    { due, installments }: { due: number; installments: number | null },
  ): Promise<Source | 'declined' | 'card_check'> {
    const charged = due > 0;
    if (choice.type === 'hosted_fields') return this.hostedFields(session, charged);
    if (choice.type === 'bit_page') return this.bitPage(session, due, installments);
    return session.isRecurring() ? this.saveCard(session, choice, charged) : this.source(session, choice);
  }

  /**
   * The processor's own fields, where it has them; for a subscription, they make the payment whose card is
   * then saved, or, when nothing is charged now (a free trial), a card check that saves it (`card_check`).
   */
  private async hostedFields(session: CheckoutSession, charged: boolean): Promise<Source | 'card_check'> {
    const processor = await this.describeProcessor.execute(session);
    if (processor?.capabilities.cardCollection.type !== 'hosted_fields')
      throw new ValidationError(
        'parameter_invalid',
        "This checkout's processor takes cards through POST /v1/tokens",
        'payment_method.type',
      );
    if (!charged && session.isRecurring()) return 'card_check';
    return session.isRecurring() ? { type: 'hosted_fields', save: true } : { type: 'hosted_fields' };
  }

  /**
   * Bit on the processor's own page: a wallet, so only where wallets are (not for a subscription or a J5
   * hold, and on an account that takes wallets), for one sale in shekels above the processor's minimum.
   */
  private async bitPage(session: CheckoutSession, due: number, installments: number | null): Promise<Source> {
    const processor = await this.describeProcessor.execute(session);
    const bitPage = processor?.capabilities.bitPage ?? null;
    if (!bitPage) throw new ValidationError('wallet_not_allowed', "This checkout's processor has no Bit page", 'payment_method.type');
    if (session.isRecurring() || session.captureMethod === 'manual')
      throw new ValidationError('wallet_not_allowed', 'Bit pays a one-time sale only, not a subscription or a J5 hold', 'payment_method');
    if (!(await this.getAccount.execute(session.accountId)).walletsEnabled)
      throw new ValidationError('wallet_not_allowed', 'Wallets are not enabled for this checkout', 'payment_method');
    if (installments !== null) throw new ValidationError('installments_not_allowed', 'Bit pays in one payment', 'installments');
    if (!bitPageTakes(bitPage, session.currency, due))
      throw new ValidationError(
        'wallet_not_allowed',
        `Bit takes payments in shekels of at least ${bitPage.minimumAmount} agorot`,
        'payment_method',
      );
    return { type: 'bit_page' };
  }

  /** A subscription needs a card renewals can charge: a saved one, or the new card, saved. */
  private async saveCard(session: CheckoutSession, choice: PageChoice, charged: boolean): Promise<Source | 'declined'> {
    if (choice.type === 'wallet')
      throw new ValidationError('wallet_not_allowed', 'A subscription needs a card that can be saved', 'payment_method');
    if (choice.type === 'saved_card') return this.source(session, choice);
    if (charged) return { type: 'card', token: choice.token, save: true };
    try {
      const card = await this.savePaymentMethod.execute(session, {
        customer: session.customerId,
        token: choice.token,
        idempotencyKey: `save_${session.id}_${choice.token}`,
      });
      return { type: 'saved_card', paymentMethod: card.id, processorRef: card.processorRef };
    } catch (error) {
      if (error instanceof CardDeclined) return 'declined';
      throw error;
    }
  }

  private async source(session: CheckoutSession, choice: PageChoice): Promise<Source> {
    const manual = session.captureMethod === 'manual';
    if (choice.type === 'card') return choice;
    if (choice.type === 'wallet') {
      if (manual) throw new ValidationError('wallet_not_allowed', 'A J5 hold needs a new card', 'payment_method');
      if (!(await this.getAccount.execute(session.accountId)).walletsEnabled)
        throw new ValidationError('wallet_not_allowed', 'Wallets are not enabled for this checkout', 'payment_method');
      return choice;
    }
    if (manual) throw new ValidationError('saved_card_not_allowed', 'A J5 hold needs a new card', 'payment_method');
    const saved = await this.getPaymentMethod.execute(session, choice.paymentMethod).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (!saved || saved.customerId !== session.customerId) {
      throw new ValidationError(
        'payment_method_not_found',
        `No such saved card: '${choice.paymentMethod}'`,
        'payment_method.payment_method',
      );
    }
    return { type: 'saved_card', paymentMethod: saved.id, processorRef: saved.processorRef };
  }
}
