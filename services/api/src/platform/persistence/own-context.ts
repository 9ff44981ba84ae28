import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';

const contexts = new AsyncLocalStorage<{ root: EntityManager; fork?: EntityManager }>();

/**
 * Runs `work` (a request, a job) with an identity map of its own, shared by its reads outside a unit of
 * work. The map is forked when first used: work that only writes in units of work (which fork their
 * own) never pays for one.
 */
export function inOwnContext<T>(em: EntityManager, work: () => T): T {
  return contexts.run({ root: em }, work);
}

/** Set while a fork is made: its constructor asks for the context, and must be answered with itself. */
let forking = false;

/** The ORM's context resolver: the identity map of the work in progress, if any. */
export function ownContext(): EntityManager | undefined {
  const context = contexts.getStore();
  if (context && !context.fork && !forking) {
    forking = true;
    try {
      context.fork = context.root.fork({ useContext: true, disableContextResolution: true });
    } finally {
      forking = false;
    }
  }
  return context?.fork;
}
