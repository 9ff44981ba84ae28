import { NotFoundError } from '../../../shared/domain/domain-error';

export class CustomerNotFound extends NotFoundError {
  constructor(id: string) {
    super('customer', id);
  }
}
