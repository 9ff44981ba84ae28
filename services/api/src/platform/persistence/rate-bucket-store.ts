import type { EntityManager } from '@mikro-orm/postgresql';
import type { BucketRule, RateBucketStore } from '../http/rate-limit';
import { poolRows } from './sql/statements';

/** Token buckets in `rate_limit_buckets`; each take is one atomic statement under the bucket's row lock. */
export class PgRateBucketStore implements RateBucketStore {
  constructor(private readonly em: EntityManager) {}

  async take(key: string, want: number, rule: BucketRule): Promise<{ granted: number; left: number; nextTokenInSeconds: number }> {
    for (;;) {
      const rows = await poolRows(
        this.em,
        `with bucket as (
           select key, least($1::float8, tokens + greatest(0, extract(epoch from clock_timestamp() - updated_at)) * $2::float8) as available
           from rate_limit_buckets where key = $3 for update
         )
         update rate_limit_buckets b
            set tokens = bucket.available - least($4::int, floor(bucket.available)), updated_at = clock_timestamp()
           from bucket where b.key = bucket.key
         returning least($4::int, floor(bucket.available))::int as granted, b.tokens as left`,
        [rule.burst, rule.perSecond, key, want],
      );
      if (rows.length > 0) {
        const { granted, left } = rows[0] as { granted: number; left: number };
        return { granted, left, nextTokenInSeconds: granted > 0 ? 0 : (1 - left) / rule.perSecond };
      }
      // A new bucket starts full; a racing process may have made it first.
      await poolRows(
        this.em,
        'insert into rate_limit_buckets (key, tokens, updated_at) values ($1, $2, clock_timestamp()) on conflict (key) do nothing',
        [key, rule.burst],
      );
    }
  }
}

/** Buckets untouched for an hour are full again by now: removes them. */
export async function purgeRateBuckets(em: EntityManager): Promise<number> {
  return (await poolRows(em, "delete from rate_limit_buckets where updated_at < now() - interval '1 hour' returning 1", [])).length;
}
