import { NotFoundError } from '../../../shared/domain/domain-error';

export class AccountNotFound extends NotFoundError {
  constructor(id: string) {
    super('account', id);
  }
}
