import { newId } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';

export class Product {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  name!: string;
  description!: string | null;
  active!: boolean;
  createdAt!: Date;

  static create(scope: Scope, input: { name: string; description?: string }, now: Date): Product {
    const product = new Product();
    product.id = newId('prod');
    product.accountId = scope.accountId;
    product.livemode = scope.livemode;
    product.name = input.name;
    product.description = input.description ?? null;
    product.active = true;
    product.createdAt = now;
    return product;
  }
}
