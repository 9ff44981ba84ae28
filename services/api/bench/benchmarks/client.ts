// What runs on the shopper's and the merchant's side: the checkout page's weight and the SDK's cost.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createKupaClient } from '@kupa/sdk';
import { Pool } from 'undici';
import { type Benchmark, CONNECTIONS, check } from '../harness';
import { closedLoop, sendJson } from '../load';

const SPA = fileURLToPath(new URL('../../../../checkout-spa/', import.meta.url));
let sizes: { page: number; portal: number; later: number; embed: number; minimal: number } | undefined;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const EMBED_GOAL = 3;

const body = { name: 'Noa Cohen', email: 'noa@example.co.il' };

export const clientBenchmarks: Benchmark[] = [
  {
    name: 'checkout-bundle',
    what:
      `gzip JS+CSS the checkout page loads (hosted and in the iframe; the portal's chunk is apart), and of the merchant's ` +
      `embed script (goal ≤ ${EMBED_GOAL}), against a minimal Preact page built in the same run`,
    goal: 5,
    floor: 8,
    better: 'lower',
    once: true,
    async prepare() {
      sizes = JSON.parse(execFileSync(process.execPath, ['scripts/bundle-sizes.mjs'], { cwd: SPA, encoding: 'utf8' }));
    },
    async trial(_ctx, side) {
      return { rate: side === 'subject' ? sizes!.page : sizes!.minimal };
    },
    async extra() {
      const embed = Math.round((sizes!.embed / sizes!.minimal) * 100) / 100;
      check(embed <= EMBED_GOAL, `checkout-bundle: the embed script is ${embed}× the minimal page (goal ≤ ${EMBED_GOAL})`);
      return {
        shown_page: kB(sizes!.page),
        shown_portal_chunk: `${kB(sizes!.portal)}, loaded on /portal only`,
        shown_loaded_when_needed: `${kB(sizes!.later)} (the words for errors the page has none of its own for)`,
        shown_embed_script: `${kB(sizes!.embed)} (ratio ${embed}, goal ≤ ${EMBED_GOAL})`,
        shown_minimal_page: kB(sizes!.minimal),
        embed_ratio: embed,
      };
    },
  },
  {
    name: 'sdk-overhead',
    what: 'the SDK creating customers (POST /v1/customers) against a local stub, against raw undici.request',
    goal: 0.8,
    floor: 0.4,
    async trial(ctx, side, _warmUp, durationMs) {
      const stub = await ctx.server('stub');
      let result;
      if (side === 'subject') {
        const kupa = createKupaClient({ baseUrl: stub.origin, apiKey: ctx.key });
        result = await closedLoop({ connections: CONNECTIONS, durationMs }, async () => {
          const { data } = await kupa.POST('/v1/customers', { body });
          return data?.data.id ? true : 'error';
        });
      } else {
        const pool = new Pool(stub.origin, { connections: CONNECTIONS });
        const headers = { authorization: `Bearer ${ctx.key}`, 'content-type': 'application/json' };
        result = await closedLoop({ connections: CONNECTIONS, durationMs }, async () => {
          const answer = await sendJson<{ data: { id: string } }>(pool, {
            method: 'POST',
            path: '/v1/customers',
            headers,
            body: JSON.stringify(body),
          });
          return answer.data.id ? true : 'error';
        });
        await pool.close();
      }
      check(result.errors === 0 && result.requests > 0, `sdk-overhead/${side}: ${result.errors} failed of ${result.requests}`);
      return result;
    },
  },
];
