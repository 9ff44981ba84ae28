import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { toDiscountResponse } from '../../published/discount';
import { listReply, pageOf } from '../../../../platform/http/replies';
import { CreateDiscount } from '../../application/create-discount';
import { UpdateDiscount } from '../../application/update-discount';
import { GetDiscount } from '../../application/get-discount';
import { ListDiscounts } from '../../application/list-discounts';

@injectable()
export class DiscountsRouter {
  constructor(
    @inject(CreateDiscount) private readonly createDiscount: CreateDiscount,
    @inject(GetDiscount) private readonly getDiscount: GetDiscount,
    @inject(ListDiscounts) private readonly listDiscounts: ListDiscounts,
    @inject(UpdateDiscount) private readonly updateDiscount: UpdateDiscount,
  ) {}

  handlers(): OperationHandlers {
    return {
      createDiscount: async ({ auth, body }) => {
        const rule = await this.createDiscount.execute(auth, {
          name: body.name,
          code: body.code,
          automatic: body.automatic,
          percentOff: body.percent_off,
          amountOff: body.amount_off,
          currency: body.currency,
          appliesTo: body.applies_to,
          startsAt: body.starts_at === undefined ? undefined : new Date(body.starts_at),
          expiresAt: body.expires_at === undefined ? undefined : new Date(body.expires_at),
          maxRedemptions: body.max_redemptions,
          duration: body.duration,
          durationInMonths: body.duration_in_months,
          metadata: body.metadata,
        });
        return { success: true, data: toDiscountResponse(rule) };
      },
      getDiscount: async ({ auth, params }) => ({
        success: true,
        data: toDiscountResponse(await this.getDiscount.execute(auth, params.id)),
      }),
      listDiscounts: async ({ auth, query }) =>
        listReply(await this.listDiscounts.execute(auth, { code: query.code }, pageOf(query)), toDiscountResponse),
      updateDiscount: async ({ auth, params, body }) => ({
        success: true,
        data: toDiscountResponse(await this.updateDiscount.execute(auth, params.id, body)),
      }),
      deactivateDiscount: async ({ auth, params }) => ({
        success: true,
        data: toDiscountResponse(await this.updateDiscount.execute(auth, params.id, { active: false })),
      }),
    };
  }
}
