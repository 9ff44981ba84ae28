import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Finds the entry of a request's path, as Express's router would but without walking a stack of
 * layers and regular expressions for each request: fixed paths by lookup, then the patterns of paths
 * with parameters (`/v1/charges/{id}`), in the order added. Replaces `express.Router()` for the
 * contract's operations (README.md).
 */
export class RouteTable<E> {
  private readonly fixed = new Map<string, E>();
  private readonly patterned: Array<{ entry: E; pattern: RegExp; names: string[] }> = [];

  add(path: string, entry: E): void {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    if (names.length === 0) {
      this.fixed.set(path, entry);
      return;
    }
    const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/]+)')}$`);
    this.patterned.push({ entry, pattern, names });
  }

  /** The entry and its decoded path parameters; `undefined` when no path matches; `null` when a parameter is not valid URL encoding. */
  find(path: string): { entry: E; params: Record<string, string> } | undefined | null {
    const entry = this.fixed.get(path);
    if (entry) return { entry, params: {} };
    for (const candidate of this.patterned) {
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      try {
        candidate.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1])));
      } catch {
        return null;
      }
      return { entry: candidate.entry, params };
    }
    return undefined;
  }
}

/**
 * Runs Express handlers in turn, each calling `next` to go on; an error (thrown or rejected) goes to
 * `done`. Replaces a router's own layer stack for one operation's chain.
 */
export function runChain(chain: RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  let index = 0;
  const next = (error?: unknown) => {
    if (error !== undefined) return done(error);
    const handler = chain[index++];
    if (!handler) return done();
    try {
      const result = handler(req, res, next) as unknown;
      if (result instanceof Promise) result.catch(done);
    } catch (thrown) {
      done(thrown);
    }
  };
  next();
}
