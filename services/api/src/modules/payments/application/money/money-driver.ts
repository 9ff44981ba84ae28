import { inject, injectable } from 'inversify';
import { inLanes } from '../../../../shared/domain/in-lanes';
import type { Scope } from '../../../../shared/domain/scope';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../../platform/persistence/unit-of-work';
import { PAYMENTS, type PaymentSettings } from '../../payments.tokens';
import type { CardProcessor, ProcessorDirectory } from '../ports/card-processor';
import { crashPoint } from './crash-point';

/** Step two of an intent: the processor asked with the intent's key, so a repeat answers as the first call did. */
export type ProcessorCall<A> = (processor: CardProcessor) => Promise<A>;

/** Processor calls of a batch made at once, so their latency overlaps. */
const PROCESSOR_LANES = 8;

/**
 * Runs steps two and three of committed money intents, whatever their kind (see README.md): the
 * merchant's processor is called outside any transaction, between the crash points
 * `before_processor_call` and `after_processor_call`, then the answer is recorded in one transaction.
 * Each kind's record writes under its intent's row lock, so a second run (a double click, a retry, the
 * reconciler after a crash) records nothing twice. The driver holds what the intent step wrote: nothing
 * is read back on the way.
 */
@injectable()
export class MoneyDriver {
  constructor(
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** One intent: its call, then `record` of the answer in one transaction. */
  async run<A, R>(scope: Scope, call: ProcessorCall<A>, record: (answer: A) => Promise<R>): Promise<R> {
    const answer = await this.call(scope, call);
    return this.uow.run(() => record(answer));
  }

  /**
   * A batch (a sweep's): several calls at once, each answering or failing on its own, then `record` of
   * every answered intent in one transaction. A call that failed leaves its intent in flight for the
   * reconciler; the first such failure is thrown once the others are recorded.
   */
  async runMany<I extends Scope, A, R>(
    intents: readonly I[],
    call: (intent: I) => ProcessorCall<A>,
    record: (answered: Array<{ intent: I; answer: A }>) => Promise<R[]>,
  ): Promise<R[]> {
    const answers = new Map<I, A>();
    const failures: unknown[] = [];
    await inLanes(intents, PROCESSOR_LANES, async (intent) => {
      try {
        answers.set(intent, await this.call(intent, call(intent)));
      } catch (error) {
        failures.push(error);
      }
    });
    const answered = intents.filter((intent) => answers.has(intent)).map((intent) => ({ intent, answer: answers.get(intent)! }));
    const recorded = answered.length === 0 ? [] : await this.uow.run(() => record(answered));
    if (failures.length > 0) throw failures[0];
    return recorded;
  }

  /** Step two alone, for a caller whose record takes more than one transaction's shape (a renewal run). */
  async call<A>(scope: Scope, call: ProcessorCall<A>): Promise<A> {
    const processor = await this.processors.forScope(scope);
    crashPoint(this.settings, 'before_processor_call');
    const answer = await call(processor);
    crashPoint(this.settings, 'after_processor_call');
    return answer;
  }
}
