import { asMissingParam, ValidationError } from '../../../shared/domain/domain-error';
import { type Plan, planOf } from '../../../shared/domain/plan';
import type { Scope } from '../../../shared/domain/scope';
import { type FindCatalogItems, inactivePrice } from '../../catalog';
import type { GetPaymentMethod } from '../../payments';

/** The plan of an active recurring price, or 400 on `price`. */
export async function recurringPlan(catalog: FindCatalogItems, scope: Scope, priceId: string): Promise<Plan> {
  const price = (await catalog.execute(scope, { prices: [priceId] })).prices.get(priceId);
  if (!price) throw new ValidationError('price_not_found', `No such price: '${priceId}'`, 'price');
  if (!price.active) throw inactivePrice(priceId, 'price');
  if (price.type !== 'recurring') throw new ValidationError('price_not_recurring', 'Subscriptions need a recurring price', 'price');
  return planOf(price);
}

/** The id of a saved card of the customer's, or 400 `payment_method_not_found` on `payment_method`. */
export async function customersCard(methods: GetPaymentMethod, scope: Scope, customerId: string, methodId: string): Promise<string> {
  const method = await methods.execute(scope, methodId).catch(asMissingParam('payment_method_not_found', 'payment_method', methodId));
  if (method.customerId !== customerId)
    throw new ValidationError('payment_method_not_found', `No such payment method for this customer: '${methodId}'`, 'payment_method');
  return method.id;
}
