export const CATALOG = {
  ProductRepository: Symbol.for('ProductRepository'),
  PriceRepository: Symbol.for('PriceRepository'),
};
