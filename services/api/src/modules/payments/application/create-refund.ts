import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { DomainError, ValidationError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { GetAccount } from '../../accounts';
import { GetCustomer } from '../../customers';
import { IssueDocument } from '../../invoicing';
import { ChargeNotFound } from '../domain/charge';
import { ChargeOperation } from '../domain/charge-operation';
import { Refund, type RefundReason } from '../domain/refund';
import { PAYMENTS } from '../payments.tokens';
import { ChargeEffects } from './charge-effects';
import { MoneyGate } from './money-gate';
import type { ChargeOperationRepository, ChargeRepository, RefundRepository } from './ports/payment-repositories';

/**
 * Returns captured money, never more than captured minus refunded: the amount is reserved on the charge
 * under its row lock before the processor is called, so concurrent refunds cannot exceed it.
 */
@injectable()
export class CreateRefund {
  constructor(
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(PAYMENTS.RefundRepository) private readonly refunds: RefundRepository,
    @inject(PAYMENTS.ChargeOperationRepository) private readonly operations: ChargeOperationRepository,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(ChargeEffects) private readonly effects: ChargeEffects,
    @inject(IssueDocument) private readonly issueDocument: IssueDocument,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, chargeId: string, input: { amount?: number; reason?: RefundReason }): Promise<Refund> {
    const processor = await this.gate.processorFor(scope);
    if (!(await this.charges.findById(scope, chargeId))) throw new ChargeNotFound(chargeId);
    const { operation, processorRef } = await this.uow.run(async () => {
      const charge = (await this.charges.findForUpdate(chargeId))!;
      const refundable = charge.refundable();
      if (refundable === 0) throw new DomainError('conflict', 'charge_not_refundable', `Charge '${chargeId}' has nothing left to refund`);
      const amount = input.amount ?? refundable;
      if (amount > refundable) throw new ValidationError('amount_too_large', `Cannot refund ${amount}: ${refundable} is left`, 'amount');
      charge.refund(amount);
      await this.charges.save(charge);
      const op = ChargeOperation.start(chargeId, 'refund', amount, input.reason ?? null, this.clock.now());
      await this.operations.add(op);
      return { operation: op, processorRef: charge.processorRef! };
    });

    await processor.refund({ idempotencyKey: operation.idempotencyKey, processorRef, amount: operation.amount! });

    return this.uow.run(async () => {
      const charge = (await this.charges.findForUpdate(chargeId))!;
      const now = this.clock.now();
      const refund = Refund.of(charge, operation.amount!, input.reason ?? null, now);
      if (charge.createDocument) {
        const customer = await this.getCustomer.execute(scope, charge.customerId);
        const account = await this.getAccount.execute(scope.accountId);
        const document = await this.issueDocument.execute(scope, {
          type: 'credit_invoice',
          customerId: charge.customerId,
          chargeId: charge.id,
          refundId: refund.id,
          currency: charge.currency,
          lines: [{ description: `זיכוי / Refund ${charge.id}`, quantity: 1, unit_amount: -refund.amount, amount: -refund.amount }],
          details: {
            business: { name: account.name },
            customer: { name: customer.name, email: customer.email, phone: customer.phone },
            card_last4: charge.paymentMethodDetails.card.last4,
            installments: null,
          },
        });
        refund.documentId = document.id;
      }
      await this.refunds.add(refund);
      operation.status = 'succeeded';
      await this.operations.save(operation);
      await this.effects.event(charge, 'charge.refunded');
      return refund;
    });
  }
}
