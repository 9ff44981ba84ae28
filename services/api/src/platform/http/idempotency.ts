import { hash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError, ValidationError } from '../../shared/domain/domain-error';
import type { SecretBox } from '../../shared/domain/secret-box';
import type { AuthContext } from './contract-router';
import { sendError } from './error-mapper';
import type { UnitOfWork } from '../persistence/unit-of-work';
import { injectFault } from '../../shared/domain/faults';

/** A key's first answer, or that its first request is still running. */
export interface IdempotentRequest {
  fingerprint: string;
  answer: { status: number; body: unknown } | null;
}

/** Where keys live: per account and mode, shared by every API process. */
export interface IdempotencyStore {
  /**
   * Takes the key for a request: true when this request runs (the key is new, older than 24 hours, or
   * held by a request silent for the store's lease with the same body, which is taken to have died);
   * otherwise what the key holds.
   */
  claim(scope: Omit<AuthContext, 'scope'>, key: string, fingerprint: string): Promise<true | IdempotentRequest | null>;
  /** Keeps the answer of the request that claimed the key with `fingerprint`, for repeats within 24 hours. */
  keep(scope: Omit<AuthContext, 'scope'>, key: string, fingerprint: string, answer: { status: number; body: unknown }): Promise<void>;
  /**
   * `keep`, written in the unit of work in progress: the answer commits with the request's change, or
   * neither does.
   */
  keepInUnit(scope: Omit<AuthContext, 'scope'>, key: string, fingerprint: string, answer: { status: number; body: unknown }): Promise<void>;
  /** Forgets a key whose request failed on our side (5xx), so a retry runs again. */
  release(scope: Omit<AuthContext, 'scope'>, key: string): Promise<void>;
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

/**
 * Set on `res.locals.answerWithChange` for a request that claimed its key: runs the handler in one unit
 * of work and keeps its (200) answer in it, so a request that dies after its change committed leaves
 * its answer for the retry.
 */
export type AnswerWithChange = <T>(produce: () => Promise<T>) => Promise<T>;

/** The purpose a kept answer is sealed for, and the shape it is kept in. */
const SEALED_ANSWER = 'idempotent-answer';
type SealedAnswer = { sealed_answer: string };

const KEY = /^[\x21-\x7e]{1,255}$/;
const POLL_MS = 25;

/**
 * `Idempotency-Key` on an authenticated POST: the first request with a key runs and its answer (unless
 * 5xx) is kept; a repeat with the same body gets that answer with `Idempotent-Replayed: true`; another
 * body answers 409 `idempotency_key_reused`; a repeat while the first runs waits for its answer, or
 * answers 409 `idempotency_key_in_use`. An operation that moves no money commits its change and its
 * answer together (`res.locals.answerWithChange`); one that calls the processor sees the key as
 * `res.locals.idempotencyKey` and is named by it, so it is done once even when a crashed request is retried.
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
    const { accountId, livemode } = res.locals.auth as AuthContext;
    const scope = { accountId, livemode };
    const fingerprint = hash('sha256', `${req.method} ${req.path}\n${JSON.stringify(req.body ?? {})}`, 'hex');

    const waitUntil = Date.now() + options.waitMs;
    for (;;) {
      const claimed = await store.claim(scope, key, fingerprint);
      if (claimed === true) break;
      if (claimed && claimed.fingerprint !== fingerprint) {
        sendError(
          res,
          new DomainError(
            'idempotency_key_reused',
            'This Idempotency-Key was used with another request body; use a new key for a new request',
          ),
        );
        return;
      }
      if (claimed?.answer) {
        const { body } = claimed.answer;
        const sealed = (body as Partial<SealedAnswer> | null)?.sealed_answer;
        res.status(claimed.answer.status).setHeader('Idempotent-Replayed', 'true');
        res.json(sealed ? JSON.parse(await options.secrets.open(accountId, SEALED_ANSWER, sealed)) : body);
        return;
      }
      if (Date.now() >= waitUntil) {
        sendError(
          res,
          new DomainError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry shortly'),
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }

    res.locals.idempotencyKey = key;
    const kept = async (body: unknown) =>
      res.locals.answerHoldsSecret
        ? ({ sealed_answer: await options.secrets.seal(accountId, SEALED_ANSWER, JSON.stringify(body)) } satisfies SealedAnswer)
        : body;
    res.locals.answerWithChange = (async (produce) => {
      await options.secrets.prepare(accountId);
      const reply = await options.unitOfWork.run(async () => {
        const answer = await produce();
        await store.keepInUnit(scope, key, fingerprint, { status: 200, body: await kept(answer) });
        return answer;
      });
      res.locals.answerKept = true;
      injectFault(options.faults, 'after_commit');
      return reply;
    }) satisfies AnswerWithChange;
    keepAnswer(res, async (body) => {
      if (res.locals.answerKept) return;
      try {
        if (res.statusCode >= 500) return await store.release(scope, key);
        await store.keep(scope, key, fingerprint, { status: res.statusCode, body: await kept(body) });
      } catch (error) {
        logger.error({ err: error }, 'could not keep the answer of an idempotent request');
      }
    });
    next();
  };
}

/** Runs `keep` with the JSON answer before it is sent, so a repeat never finds it half-kept. */
function keepAnswer(res: Response, keep: (body: unknown) => Promise<unknown>): void {
  const send = res.json.bind(res);
  res.json = (body: unknown) => {
    void keep(body).then(() => send(body));
    return res;
  };
}
