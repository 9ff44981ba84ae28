import type { Metadata } from '../../../shared/domain/metadata';
import { inject, injectable } from 'inversify';
import type { LineItem } from '../../../shared/domain/line-item';
import type { Clock } from '../../../shared/domain/clock';
import { asMissingParam, ValidationError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { GetAccount } from '../../accounts';
import { FindCatalogItems, inactivePrice } from '../../catalog';
import { GetCustomer } from '../../customers';
import { FindUnknownCodes } from '../../discounts';
import { CheckoutPlanChanges } from '../../subscriptions';
import { DescribeProcessor } from '../../payments';
import { type CaptureMethod, CheckoutSession, type Locale } from '../domain/checkout-session';
import { CHECKOUT, SESSION_EXPIRY_QUEUE } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';

export interface LineItemInput {
  name: string;
  amountAgorot: number;
  quantity?: number;
  description?: string;
  imageUrl?: string;
  price?: string;
  product?: string;
}

export interface CreateCheckoutSessionInput {
  customer: string;
  price?: string;
  /** With a recurring `price`: the customer's subscription to move to it, paid now on the page. */
  subscription?: string;
  lineItems?: LineItemInput[];
  successUrl: string;
  cancelUrl: string;
  createDocument?: boolean;
  captureMethod?: CaptureMethod;
  couponCodes?: string[];
  paymentMethods?: string[];
  backgroundColor?: string;
  autoOpenWallets?: boolean;
  locale?: Locale;
  installmentsMax?: number;
  metadata?: Metadata;
}

@injectable()
export class CreateCheckoutSession {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(DescribeProcessor) private readonly describeProcessor: DescribeProcessor,
    @inject(FindCatalogItems) private readonly catalog: FindCatalogItems,
    @inject(FindUnknownCodes) private readonly unknownCodes: FindUnknownCodes,
    @inject(CheckoutPlanChanges) private readonly planChanges: CheckoutPlanChanges,
    @inject(JOBS.Queue) private readonly queue: JobQueue,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, input: CreateCheckoutSessionInput): Promise<CheckoutSession> {
    await this.getCustomer.execute(scope, input.customer).catch(asMissingParam('customer_not_found', 'customer', input.customer));
    const lines = input.lineItems ?? [];
    const found = await this.catalog.execute(scope, {
      prices: [...(input.price ? [input.price] : []), ...lines.flatMap((line) => (line.price ? [line.price] : []))],
      products: lines.flatMap((line) => (!line.price && line.product ? [line.product] : [])),
    });
    const price = input.price ? found.prices.get(input.price) : undefined;
    if (input.price && !price) throw new ValidationError('price_not_found', `No such price: '${input.price}'`, 'price');
    if (input.price && !price!.active) throw inactivePrice(input.price, 'price');

    const lineItems: LineItem[] | null = input.lineItems
      ? input.lineItems.map((line, i) => {
          // A line with a price is linked to it and its product; `product` alone links the product.
          let product: string | null = null;
          if (line.price) {
            const linked = found.prices.get(line.price);
            if (!linked)
              throw new ValidationError('line_item_target_not_found', `No such price: '${line.price}'`, `line_items[${i}].price`);
            if (!linked.active) throw inactivePrice(line.price, `line_items[${i}].price`);
            product = linked.product;
          } else if (line.product) {
            if (!found.products.has(line.product))
              throw new ValidationError('line_item_target_not_found', `No such product: '${line.product}'`, `line_items[${i}].product`);
            product = line.product;
          }
          return {
            name: line.name,
            amountAgorot: line.amountAgorot,
            quantity: line.quantity ?? 1,
            description: line.description ?? null,
            imageUrl: line.imageUrl ?? null,
            price: line.price ?? null,
            product,
          };
        })
      : null;

    if (input.subscription !== undefined && input.price === undefined)
      throw new ValidationError('parameter_missing', 'Missing required parameter: price (the plan to move the subscription to)', 'price');
    const planChange =
      input.subscription === undefined
        ? undefined
        : await this.planChanges.quote(scope, { customer: input.customer, subscription: input.subscription, price: input.price! });
    const [account, processor] = await Promise.all([this.getAccount.execute(scope.accountId), this.describeProcessor.execute(scope)]);
    const now = this.clock.now();
    const session = CheckoutSession.open(
      scope,
      {
        customerId: input.customer,
        price: price ?? null,
        lineItems,
        planChange,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        createDocument: input.createDocument ?? true,
        captureMethod: input.captureMethod ?? 'automatic',
        paymentMethods: input.paymentMethods,
        backgroundColor: input.backgroundColor,
        autoOpenWallets: input.autoOpenWallets ?? false,
        locale: input.locale ?? 'auto',
        installmentsMax: input.installmentsMax ?? null,
        metadata: input.metadata,
        walletsEnabled: account.walletsEnabled,
        couponCodes: input.couponCodes ?? [],
        processor: processor && {
          wallets: processor.capabilities.wallets,
          bitPage: processor.capabilities.bitPage,
          installmentsMax: processor.capabilities.installments.max,
        },
      },
      now,
    );
    const unknown = await this.unknownCodes.execute(scope, input.couponCodes ?? []);
    if (unknown.length > 0) {
      throw new ValidationError(
        'discount_code_not_found',
        `No discount has the code '${input.couponCodes![unknown[0]]}'`,
        `coupon_codes[${unknown[0]}]`,
      );
    }

    await this.uow.join(async () => {
      await this.sessions.add(session);
      await this.queue.send(SESSION_EXPIRY_QUEUE, { sessionId: session.id }, { startAfter: session.expiresAt, singletonKey: session.id });
    });
    return session;
  }
}
