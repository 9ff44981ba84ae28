import type { Bind, Newable } from 'inversify';

/** Binds concrete classes (use cases, routers) to themselves, one instance each. */
export function bindSingletons(bind: Bind, classes: Newable<object>[]): void {
  for (const cls of classes) bind(cls).toSelf().inSingletonScope();
}
