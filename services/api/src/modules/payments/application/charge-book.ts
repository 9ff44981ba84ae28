import { inject, injectable } from 'inversify';
import type { Metrics } from '../../../platform/metrics/metrics';
import { METRICS } from '../../../platform/metrics/metrics.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import type { Scope } from '../../../shared/domain/scope';
import { type Account, GetAccount } from '../../accounts';
import { type Customer, GetCustomer } from '../../customers';
import { type EventRecord, type EventType, RecordEvent } from '../../events';
import { Bill } from '../../../shared/domain/bill';
import { type DocumentDetails, IssueDocument, PrintDocument } from '../../invoicing';
import { QueueEmail } from '../../notifications';
import { Charge, type NewCharge, printedLast4, shownCard } from '../domain/charge';
import type { Refund } from '../domain/refund';
import { chargeView } from '../published/payments';
import { failureMessage } from './failure-messages';
import { PAYMENTS } from '../payments.tokens';
import { DescribeProcessor } from './describe-processor';
import type { AuthorizeOutcome } from './ports/card-processor';
import type { ChargeRepository } from './ports/payment-repositories';

/**
 * What is written when a charge is recorded or changes, inside its money transaction: the charge, its
 * event, for money taken the tax document (unless the merchant turned documents off) and receipt, and
 * for money returned the credit document.
 */
@injectable()
export class ChargeBook {
  constructor(
    @inject(RecordEvent) private readonly recordEvent: RecordEvent,
    @inject(IssueDocument) private readonly issueDocument: IssueDocument,
    @inject(PrintDocument) private readonly printDocument: PrintDocument,
    @inject(QueueEmail) private readonly queueEmail: QueueEmail,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository,
    @inject(DescribeProcessor) private readonly describeProcessor: DescribeProcessor,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(METRICS.Metrics) private readonly metrics: Metrics,
  ) {}

  /**
   * The processor's final answer as a charge: taken (`charge.succeeded`), held (`charge.authorized`) or
   * refused (`charge.failed`). `input`'s card is what is shown when the answer names none.
   */
  async record(
    scope: Scope,
    input: NewCharge,
    answer: Exclude<AuthorizeOutcome, { status: 'requires_action' }>,
    now: Date,
  ): Promise<Charge> {
    const shown = answer.card ? shownCard(answer.card) : input.paymentMethod.card;
    const details = { ...input, paymentMethod: { ...input.paymentMethod, card: shown, threeDSecure: answer.threeDSecure ?? null } };
    // A hold lasts its processor's window; a sale needs none.
    const holdWindowMs =
      details.captureMethod === 'manual' ? (await this.describeProcessor.execute(scope))!.capabilities.holdWindowMs : null;
    const charge =
      answer.status === 'authorized'
        ? Charge.authorized(scope, details, answer.processorRef, now, holdWindowMs)
        : Charge.declined(
            scope,
            details,
            { code: answer.code, message: failureMessage(answer.code, 'en'), kind: answer.soft ? 'soft' : 'hard' },
            now,
          );
    if (charge.status === 'succeeded') await this.moneyTaken(charge);
    this.charges.addAtCommit(charge);
    this.uow.afterCommit(() => this.metrics.payments.inc({ outcome: charge.status }));
    await this.event(
      charge,
      charge.status === 'succeeded' ? 'charge.succeeded' : charge.status === 'failed' ? 'charge.failed' : 'charge.authorized',
    );
    return charge;
  }

  async event(charge: Charge, type: EventType): Promise<void> {
    await this.events([this.eventOf(charge, type)]);
  }

  /** The charge's event as it stands now, to record with others in `events`. */
  eventOf(charge: Charge, type: EventType): EventRecord {
    return { scope: charge, type, data: chargeView(charge) };
  }

  async events(records: EventRecord[]): Promise<void> {
    await this.recordEvent.executeMany(records);
  }

  /** Money was taken (a sale or a capture): document and receipt. The caller writes the charge after. */
  async moneyTaken(charge: Charge): Promise<void> {
    const customer = await this.getCustomer.ofRecord(charge, charge.customerId);
    const account = await this.getAccount.execute(charge.accountId);
    const amount = charge.amountCaptured ?? charge.amount;
    if (charge.createDocument) {
      const documentId = await this.issueDocument.execute(charge, {
        kind: 'sale',
        customerId: charge.customerId,
        chargeId: charge.id,
        refundId: null,
        currency: charge.currency,
        lines: amount < charge.amount ? Bill.of(charge.documentLines).capturedPart(amount) : charge.documentLines,
        details: documentDetails(charge, account, customer, charge.installments),
      });
      charge.attachDocument(documentId);
    }
    if (customer.email) {
      await this.queueEmail.execute({
        accountId: charge.accountId,
        key: `receipt:${charge.id}`,
        to: customer.email,
        message: {
          kind: 'receipt',
          merchantName: account.name,
          customerName: customer.name,
          amount,
          chargeId: charge.id,
          cardLast4: printedLast4(charge.paymentMethodDetails.card),
          documentLink: charge.documentId ? this.printDocument.customerLink(charge.documentId) : null,
        },
        attachDocument: charge.documentId,
      });
    }
  }

  /** Money was returned: the credit document of the refund's bill, referring to the charge, and the customer's email. */
  async refunded(charge: Charge, refund: Refund, bill: Bill): Promise<void> {
    const customer = await this.getCustomer.ofRecord(charge, charge.customerId);
    const account = await this.getAccount.execute(charge.accountId);
    const documentId = charge.createDocument
      ? await this.issueDocument.execute(charge, {
          kind: 'refund',
          customerId: charge.customerId,
          chargeId: charge.id,
          refundId: refund.id,
          currency: charge.currency,
          lines: [...bill.lines],
          details: documentDetails(charge, account, customer, null),
        })
      : null;
    if (documentId) refund.attachDocument(documentId);
    if (customer.email) {
      await this.queueEmail.execute({
        accountId: charge.accountId,
        key: `refund:${refund.id}`,
        to: customer.email,
        message: {
          kind: 'refund',
          merchantName: account.name,
          customerName: customer.name,
          amount: refund.amount,
          chargeId: charge.id,
          cardLast4: printedLast4(charge.paymentMethodDetails.card),
          documentLink: documentId && this.printDocument.customerLink(documentId),
        },
        attachDocument: documentId,
      });
    }
  }
}

/** Who a document is from and to, and how it was paid. */
function documentDetails(charge: Charge, account: Account, customer: Customer, installments: number | null): DocumentDetails {
  return {
    issuer: { name: account.name, profile: account.businessProfile },
    recipient: { name: customer.name, taxId: customer.taxId, email: customer.email, phone: customer.phone },
    payment: { cardLast4: printedLast4(charge.paymentMethodDetails.card), installments },
  };
}
