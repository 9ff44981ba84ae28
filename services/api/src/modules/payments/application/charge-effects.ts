import { inject, injectable } from 'inversify';
import { GetAccount } from '../../accounts';
import { GetCustomer } from '../../customers';
import { type EventType, RecordEvent } from '../../events';
import { IssueDocument } from '../../invoicing';
import { QueueEmail } from '../../notifications';
import { formatShekels as shekels } from '../../../shared/domain/money';
import type { Charge } from '../domain/charge';
import { chargeView } from './charge-view';
import { PAYMENTS } from '../payments.tokens';
import type { ChargeRepository } from './ports/payment-repositories';

/**
 * What follows a charge, inside its money transaction: the event, and for money taken the tax
 * document (unless the merchant turned documents off) and the receipt email.
 */
@injectable()
export class ChargeEffects {
  constructor(
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(IssueDocument) private readonly issueDocument: IssueDocument,
    @inject(QueueEmail) private readonly queueEmail: QueueEmail,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
  ) {}

  async event(charge: Charge, type: EventType): Promise<void> {
    await this.recordEvent.execute(charge, type, chargeView(charge));
  }

  /** Money was taken (a sale or a capture): document and receipt. */
  async moneyTaken(charge: Charge): Promise<void> {
    const customer = await this.getCustomer.execute(charge, charge.customerId);
    const account = await this.getAccount.execute(charge.accountId);
    const amount = charge.amountCaptured ?? charge.amount;
    if (charge.createDocument) {
      const lines = [...charge.documentLines];
      const listed = lines.reduce((sum, line) => sum + line.amount, 0);
      if (listed !== amount) lines.push({ description: 'יתרה שלא נגבתה / Amount not captured', quantity: 1, unit_amount: amount - listed, amount: amount - listed });
      const document = await this.issueDocument.execute(charge, {
        type: 'tax_invoice_receipt',
        customerId: charge.customerId,
        chargeId: charge.id,
        refundId: null,
        currency: charge.currency,
        lines,
        details: {
          business: { name: account.name },
          customer: { name: customer.name, email: customer.email, phone: customer.phone },
          card_last4: charge.paymentMethodDetails.card.last4,
          installments: charge.installments,
        },
      });
      charge.documentId = document.id;
      await this.charges.save(charge);
    }
    if (customer.email) {
      await this.queueEmail.execute({
        accountId: charge.accountId,
        key: `receipt:${charge.id}`,
        kind: 'receipt',
        to: customer.email,
        subject: `קבלה מ-${account.name} / Receipt from ${account.name}`,
        text: `${customer.name}, תודה על התשלום.\nThank you for your payment.\n\n${shekels(amount)} — ${charge.id}\nכרטיס / Card •••• ${charge.paymentMethodDetails.card.last4}`,
      });
    }
  }
}
