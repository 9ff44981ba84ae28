import type { DocumentLine } from '../domain/document-line';
import type { LineItem } from '../domain/line-item';

/** A cart line as the contract shows it, wherever it appears (a session, a charge). */
export function lineItemShape(line: LineItem) {
  return {
    name: line.name,
    amount_agorot: line.amountAgorot,
    quantity: line.quantity,
    description: line.description,
    image_url: line.imageUrl,
    price: line.price,
    product: line.product,
  };
}

/** A document line (a tax document's, a charge to come's) as the contract shows it, wherever it appears. */
export function documentLineShape(line: DocumentLine) {
  return { description: line.description, quantity: line.quantity, unit_amount: line.unitAmount, amount: line.amount };
}
