import { hash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError, ValidationError } from '../../shared/domain/domain-error';
import type { SecretBox } from '../../shared/domain/secret-box';
import { errorBody } from './error-mapper';
import type { UnitOfWork } from '../persistence/unit-of-work';
import { injectFault } from '../faults';

/** A key's account and mode. */
type Scope = { accountId: string; livemode: boolean };
type Answer = { status: number; body: unknown };

/** A key's first answer, or that its first request is still running. */
export interface IdempotentRequest {
  fingerprint: string;
  answer: Answer | null;
}

/** Where keys live: per account and mode, shared by every API process. */
export interface IdempotencyStore {
  /**
   * Takes the key for a request: true when this request runs (the key is new, older than 24 hours, or
   * held by a request silent for the store's lease with the same body, which is taken to have died);
   * otherwise what the key holds.
   */
  claim(scope: Scope, key: string, fingerprint: string): Promise<true | IdempotentRequest | null>;
  /** Keeps the answer of the request that claimed the key with `fingerprint`, for repeats within 24 hours. */
  keep(scope: Scope, key: string, fingerprint: string, answer: Answer): Promise<void>;
  /**
   * Keeps `answer` under a key that holds nothing (or held it over 24 hours ago), in the unit of work in
   * progress if there is one, so that it commits with the request's change or not at all; answers null
   * then, else what the key holds (once the request holding it has committed).
   */
  keepFirst(scope: Scope, key: string, fingerprint: string, answer: Answer): Promise<IdempotentRequest | null>;
  /** Forgets a key whose request failed on our side (5xx), so a retry runs again. */
  release(scope: Scope, key: string): Promise<void>;
}

export interface IdempotencyOptions {
  /** How long a repeat waits for the first request's answer before answering 409 `idempotency_key_in_use`. */
  waitMs: number;
  /** Seals the answers of operations whose answer holds a secret (`x-answer-holds-secret`), as kept. */
  secrets: SecretBox;
  /** Where a keyed request's change and its answer commit together. */
  unitOfWork: UnitOfWork;
  /** Test faults (`TEST_FAULTS`): with `after_commit`, a keyed request dies between that commit and its answer. */
  faults?: ReadonlySet<string>;
}

/** How the contract router tells the middleware about the operation (`res.locals.idempotentOperation`). */
export interface IdempotentOperation {
  /** `x-answer-holds-secret`: its answer is kept sealed. */
  holdsSecret: boolean;
  /** `x-key-names-operation`: it calls the processor, and the key names what it asks. */
  namesOperation: boolean;
}

/**
 * Set on `res.locals.answerWithChange` for a keyed operation that moves no money: runs the handler in
 * one unit of work that keeps its answer under the key before it commits. It answers the handler's reply,
 * or `ANSWERED` when the key turned out to hold another request's answer, which was sent instead.
 */
export type AnswerWithChange = <T>(produce: () => Promise<T>) => Promise<T | typeof ANSWERED>;
export const ANSWERED = Symbol('answered');

/** The purpose a kept answer is sealed for, and the shape it is kept in. */
const SEALED_ANSWER = 'idempotent-answer';
type SealedAnswer = { sealed_answer: string };

const KEY = /^[\x21-\x7e]{1,255}$/;
const POLL_MS = 25;

/** Rolls back a unit of work whose key another request answered first. */
class KeyHeld {
  constructor(readonly held: IdempotentRequest) {}
}

/**
 * `Idempotency-Key` on an authenticated POST: the first request with a key runs and its answer (unless
 * 5xx) is kept; a repeat with the same body gets that answer with `Idempotent-Replayed: true`; another
 * body answers 409 `idempotency_key_reused`. Nothing is done twice, even when a process dies at any line:
 * - An operation that moves no money runs in one unit of work that ends by keeping its answer under the
 *   key: the change and the answer commit together. A repeat runs too, and when it finds the key held it
 *   rolls back and answers what the key holds, once the first has committed (it waits for it).
 * - An operation that calls the processor (`x-key-names-operation`) claims the key first; a repeat while
 *   it runs waits for its answer, or answers 409 `idempotency_key_in_use`. The handler sees the key as
 *   `res.locals.idempotencyKey`, names its operation by it, and commits that before calling the
 *   processor, so a retry (or the reconciler) finishes it after a crash.
 */
export function idempotency(store: IdempotencyStore, options: IdempotencyOptions, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('Idempotency-Key');
    if (key === undefined) return next();
    if (!KEY.test(key))
      throw new ValidationError(
        'parameter_invalid',
        'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces',
        'Idempotency-Key',
      );
    const { accountId, livemode } = res.locals.auth as Scope;
    const scope = { accountId, livemode };
    const fingerprint = hash('sha256', `${req.method} ${req.path}\n${JSON.stringify(req.body ?? {})}`, 'hex');
    const operation = res.locals.idempotentOperation as IdempotentOperation;
    const kept = async (body: unknown) =>
      operation.holdsSecret
        ? ({ sealed_answer: await options.secrets.seal(accountId, SEALED_ANSWER, JSON.stringify(body)) } satisfies SealedAnswer)
        : body;
    /** Sends what the key holds instead of this request's own answer. */
    const answerHeld = async (held: IdempotentRequest, send: (body: unknown) => unknown = (body) => res.json(body)) => {
      if (held.fingerprint !== fingerprint || !held.answer) {
        const error =
          held.fingerprint !== fingerprint
            ? new DomainError(
                'idempotency_key_reused',
                'This Idempotency-Key was used with another request body; use a new key for a new request',
              )
            : new DomainError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry shortly');
        const { status, envelope } = errorBody(error);
        res.status(status);
        send(envelope);
        return;
      }
      const { status, body } = held.answer;
      const sealed = (body as Partial<SealedAnswer> | null)?.sealed_answer;
      res.status(status).setHeader('Idempotent-Replayed', 'true');
      send(sealed ? JSON.parse(await options.secrets.open(accountId, SEALED_ANSWER, sealed)) : body);
    };

    if (!operation.namesOperation) {
      res.locals.answerWithChange = (async (produce) => {
        await options.secrets.prepare(accountId);
        const outcome = await options.unitOfWork
          .run(async () => {
            const reply = await produce();
            const held = await store.keepFirst(scope, key, fingerprint, { status: 200, body: await kept(reply) });
            if (held) throw new KeyHeld(held);
            return reply;
          })
          .catch((error: unknown) => {
            if (error instanceof KeyHeld) return error;
            throw error;
          });
        res.locals.answerKept = true;
        if (outcome instanceof KeyHeld) {
          await answerHeld(outcome.held);
          return ANSWERED;
        }
        injectFault(options.faults, 'after_commit');
        return outcome;
      }) satisfies AnswerWithChange;
      // A refusal (4xx) is kept too, unless the key already holds an answer, which is sent instead.
      keepAnswer(res, async (body, send) => {
        if (res.locals.answerKept || res.statusCode >= 500) return send(body);
        try {
          const held = await store.keepFirst(scope, key, fingerprint, { status: res.statusCode, body: await kept(body) });
          if (held) return await answerHeld(held, send);
        } catch (error) {
          logger.error({ err: error }, 'could not keep the answer of an idempotent request');
        }
        send(body);
      });
      return next();
    }

    const waitUntil = Date.now() + options.waitMs;
    for (;;) {
      const claimed = await store.claim(scope, key, fingerprint);
      if (claimed === true) break;
      if (claimed && (claimed.answer || claimed.fingerprint !== fingerprint)) return answerHeld(claimed);
      if (Date.now() >= waitUntil) return answerHeld({ fingerprint, answer: null });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    res.locals.idempotencyKey = key;
    keepAnswer(res, async (body, send) => {
      try {
        if (res.statusCode >= 500) await store.release(scope, key);
        else await store.keep(scope, key, fingerprint, { status: res.statusCode, body: await kept(body) });
      } catch (error) {
        logger.error({ err: error }, 'could not keep the answer of an idempotent request');
      }
      send(body);
    });
    next();
  };
}

/**
 * Runs `keep` with the JSON answer before it is sent, so a repeat never finds it half-kept; `keep`
 * sends it (or what the key held instead) through `send`.
 */
function keepAnswer(res: Response, keep: (body: unknown, send: (body: unknown) => unknown) => Promise<unknown>): void {
  const send = res.json.bind(res);
  res.json = (body: unknown) => {
    void keep(body, send);
    return res;
  };
}
