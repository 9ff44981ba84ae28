/** A line of a tax document, in agorot with VAT included; a discount or credit is negative. */
export interface DocumentLine {
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
}

/**
 * The one builder of tax-document lines. Amounts are agorot, VAT included; a discount or credit is a
 * negative line, so a document's lines always sum to its total.
 */
export const documentLines = {
  /** Something sold: `quantity` × `unitAmount`. */
  item(description: string, quantity: number, unitAmount: number): DocumentLine {
    return { description, quantity, unitAmount, amount: unitAmount * quantity };
  },

  /** A discount of `amount` off what the lines above it list. */
  discount(description: string, amount: number): DocumentLine {
    return { description, quantity: 1, unitAmount: -amount, amount: -amount };
  },

  /** Money returned on charge `chargeId` (a credit document's line). */
  refund(chargeId: string, amount: number): DocumentLine {
    return documentLines.discount(`זיכוי / Refund ${chargeId}`, amount);
  },
};
