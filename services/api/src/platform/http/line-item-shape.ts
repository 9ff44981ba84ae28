import type { LineItem } from '../../shared/domain/line-item';

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
