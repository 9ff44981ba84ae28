import { newId } from '../../../shared/domain/ids';
import { type Metadata, mergeMetadata } from '../../../shared/domain/metadata';
import type { Scope } from '../../../shared/domain/scope';

/** What an update may change; a field left out stays; metadata merges. */
export interface UpdateProductInput {
  name?: string;
  description?: string | null;
  active?: boolean;
  metadata?: Metadata;
}

export class Product {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  name!: string;
  description!: string | null;
  active!: boolean;
  metadata!: Metadata;
  createdAt!: Date;

  static create(scope: Scope, input: { name: string; description?: string; metadata?: Metadata }, now: Date): Product {
    const product = new Product();
    product.id = newId('prod');
    product.accountId = scope.accountId;
    product.livemode = scope.livemode;
    product.name = input.name;
    product.description = input.description ?? null;
    product.active = true;
    product.metadata = mergeMetadata({}, input.metadata);
    product.createdAt = now;
    return product;
  }

  update(input: UpdateProductInput): void {
    if (input.name !== undefined) this.name = input.name;
    if (input.description !== undefined) this.description = input.description;
    if (input.active !== undefined) this.active = input.active;
    this.metadata = mergeMetadata(this.metadata, input.metadata);
  }
}
