import { NotFoundError, ValidationError } from '../../../shared/domain/domain-error';

export class ProductNotFound extends NotFoundError {
  constructor(id: string) {
    super('product', id);
  }
}

export class PriceNotFound extends NotFoundError {
  constructor(id: string) {
    super('price', id);
  }
}

/** A product named in a request body that does not exist in the key's account and mode. */
export class ProductParamNotFound extends ValidationError {
  constructor(id: string, param = 'product') {
    super('product_not_found', `No such product: '${id}'`, param);
  }
}
