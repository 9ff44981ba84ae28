/** A line of a cart, the same from the session that offers it to the charge that pays it. */
export interface LineItem {
  name: string;
  amountAgorot: number;
  quantity: number;
  description: string | null;
  imageUrl: string | null;
  /** Catalog links: a line with a price is linked to that price and its product. */
  price: string | null;
  product: string | null;
}
