import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { ListExpiringCards } from '../../payments';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionRepository } from './ports/subscription-repository';
import { SubscriptionEffects } from './subscription-effects';

const PAGE = 200;

/**
 * Once a month: every customer whose subscription is charged to a card that expires at the end of next
 * month is asked for a new one, with a link to the customer portal; one email per card and expiry,
 * however many subscriptions it pays.
 */
@injectable()
export class NoticeExpiringCards {
  constructor(
    @inject(ListExpiringCards) private readonly expiring: ListExpiringCards,
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(SubscriptionEffects) private readonly effects: SubscriptionEffects,
    @inject(SHARED.Clock) private readonly clock: Clock,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** How many emails were queued. */
  async execute(): Promise<number> {
    const { year, month } = nextMonthInIsrael(this.clock.now());
    let queued = 0;
    for (let after = ''; ;) {
      const cards = await this.expiring.execute(year, month, after, PAGE);
      if (cards.length === 0) return queued;
      const byId = new Map(cards.map((card) => [card.id, card]));
      const told = new Set<string>();
      for (const subscription of await this.subscriptions.renewingOnCards([...byId.keys()])) {
        const card = byId.get(subscription.paymentMethodId)!;
        if (told.has(card.id) || subscription.customerId !== card.customerId) continue;
        told.add(card.id);
        await this.uow.run(() => this.effects.cardExpiring(subscription, card, `card_expiring:${card.id}:${year}-${month}`));
        queued++;
      }
      after = cards[cards.length - 1].id;
    }
  }
}

/** The month after `now`'s, in Israel. */
function nextMonthInIsrael(now: Date): { year: number; month: number } {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number);
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}
