import { Migration } from '@mikro-orm/migrations';

/** The fields each object gained this release, with the value an object recorded before had: events keep snapshots. */
const GAINED: Record<string, object> = {
  'charge.': { metadata: {} },
  'checkout_session.': { metadata: {} },
  'customer.': { metadata: {}, balance: 0 },
  'product.': { metadata: {} },
  'price.': { metadata: {} },
  'subscription.': { metadata: {}, quantity: 1, pause_collection: null },
};

export class Migration20261126080000 extends Migration {
  override async up(): Promise<void> {
    // An event is the object as it was; one recorded before the object gained a field shows it with the
    // value it had then, so every event still reads as its object's shape in the contract.
    for (const [prefix, defaults] of Object.entries(GAINED))
      this.addSql(`update events set data = ('${JSON.stringify(defaults)}'::jsonb || data::jsonb)::json where type like '${prefix}%'`);
  }
}
