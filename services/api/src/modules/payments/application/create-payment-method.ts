import { CardDeclined } from './ports/card-processor';
import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { asMissingParam } from '../../../shared/domain/domain-error';
import { randomBase62 } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { GetCustomer } from '../../customers';
import { tokenRefused } from '../domain/card-token';
import { PaymentMethod } from '../domain/payment-method';
import { PAYMENTS } from '../payments.tokens';
import { CardTokens } from './card-tokens';
import { MoneyGate } from './money/money-gate';
import type { PaymentMethodRepository } from './ports/payment-repositories';

/**
 * Saves a tokenized card to a customer, as the processor's reusable reference; the token must be one
 * minted on a checkout of that customer, and not used before. A caller that may repeat itself (a checkout
 * confirmed twice by a double click) passes its own idempotency key: the token is taken for that key, the
 * processor answers the same card reference, and the same payment method is answered.
 */
@injectable()
export class CreatePaymentMethod {
  constructor(
    @inject(PAYMENTS.PaymentMethodRepository) private readonly methods: PaymentMethodRepository,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(CardTokens) private readonly tokens: CardTokens,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, input: { customer: string; token: string; idempotencyKey?: string }): Promise<PaymentMethod> {
    await this.getCustomer.execute(scope, input.customer).catch(asMissingParam('customer_not_found', 'customer', input.customer));
    const processor = await this.gate.processorFor(scope);
    const idempotencyKey = input.idempotencyKey ?? `save_${randomBase62(20)}`;
    const taken = await this.tokens.take(scope, input.token, { customerId: input.customer }, idempotencyKey);
    if (typeof taken !== 'object') throw tokenRefused(taken, 'token');
    const saved = await processor.verify({ idempotencyKey, token: taken.processorToken });
    if ('declined' in saved) {
      if (saved.declined === 'processing_error') throw tokenRefused('not_found', 'token');
      throw new CardDeclined('The card was declined', 'token');
    }
    return this.methods.addOnce(PaymentMethod.save(scope, input.customer, saved.ref, saved.card, this.clock.now()));
  }
}
