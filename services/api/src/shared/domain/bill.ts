import type { DocumentLine } from './document-line';

/**
 * What a payment charges, line by line as its tax document lists them: the total is the lines' sum, never
 * set beside them. Agorot, VAT included; a discount or a credit is a negative line. Checkout and
 * subscriptions build one, the processor is asked for its total, and the document prints its lines.
 */
export class Bill {
  readonly total: number;

  private constructor(readonly lines: readonly DocumentLine[]) {
    this.total = lines.reduce((sum, line) => sum + line.amount, 0);
  }

  /** The bill of these lines; a line whose amount is not its quantity × unit amount is a programming error. */
  static of(lines: readonly DocumentLine[]): Bill {
    for (const line of lines) {
      if (!Number.isSafeInteger(line.amount) || line.amount !== line.quantity * line.unitAmount)
        throw new Error(`the line '${line.description}' does not balance: ${line.quantity} × ${line.unitAmount} is not ${line.amount}`);
    }
    return new Bill(lines.map((line) => ({ ...line })));
  }

  /** This bill, when it charges `amount`; a bill that does not is a programming error, and fails before money moves. */
  charging(amount: number): Bill {
    if (amount !== this.total) throw new Error(`a bill of ${this.total} agorot cannot charge ${amount}`);
    return this;
  }

  /**
   * The lines of a hold captured in part (J5): these, and what was not captured as a line of its own, so
   * the document's total is what was taken. Only a capture of less than the total is partial.
   */
  capturedPart(captured: number): DocumentLine[] {
    if (!Number.isSafeInteger(captured) || captured < 0 || captured >= this.total)
      throw new Error(`${captured} agorot is not a partial capture of a bill of ${this.total}`);
    const missing = captured - this.total;
    return [...this.lines, { description: 'יתרה שלא נגבתה / Amount not captured', quantity: 1, unitAmount: missing, amount: missing }];
  }
}
