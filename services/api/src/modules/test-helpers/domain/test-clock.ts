import { NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';

export class TestClock {
  id!: string;
  accountId!: string;
  name!: string | null;
  frozenTime!: Date;
  status!: 'ready' | 'advancing';
  /** When the last advance began; an advance still running long after it was cut short by a crash. */
  advancedAt!: Date | null;
  createdAt!: Date;

  /** Test clocks exist only in test mode. */
  static create(scope: Scope, input: { frozenTime: Date; name?: string }, now: Date): TestClock {
    if (scope.livemode) throw new ValidationError('livemode_not_allowed', 'Test clocks are available with test keys only');
    const clock = new TestClock();
    clock.id = newId('clock');
    clock.accountId = scope.accountId;
    clock.name = input.name ?? null;
    clock.frozenTime = input.frozenTime;
    clock.status = 'ready';
    clock.advancedAt = null;
    clock.createdAt = now;
    return clock;
  }

  /**
   * Moves the clock forward (never back); its customers' due work then runs on the new time. An advance
   * cut short (by a crash) is resumed by asking for the same time again.
   */
  startAdvancing(to: Date, now: Date): void {
    const resuming = this.status === 'advancing' && to.getTime() === this.frozenTime.getTime();
    if (!resuming && to <= this.frozenTime) {
      throw new ValidationError('clock_cannot_move_backwards', `frozen_time must be after ${this.frozenTime.toISOString()}`, 'frozen_time');
    }
    this.frozenTime = to;
    this.status = 'advancing';
    this.advancedAt = now;
  }

  /** Already at `to` with everything due by then run: asking for `to` again (a retried advance) changes nothing. */
  stands(to: Date): boolean {
    return this.status === 'ready' && this.frozenTime.getTime() === to.getTime();
  }

  /** Still advancing `staleMs` after the advance began: the request running it died. */
  isStuck(now: Date, staleMs: number): boolean {
    return this.status === 'advancing' && this.advancedAt !== null && now.getTime() - this.advancedAt.getTime() >= staleMs;
  }

  /** Everything due by the new time has run. */
  finishAdvancing(): void {
    this.status = 'ready';
  }
}

export class TestClockNotFound extends NotFoundError {
  constructor(id: string) {
    super('test clock', id);
  }
}
