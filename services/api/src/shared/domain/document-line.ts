/** A line of a tax document, in agorot with VAT included; a discount or credit is negative. */
export interface DocumentLine {
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
}
