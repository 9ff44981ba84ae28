import { NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';

export class TestClock {
  id!: string;
  accountId!: string;
  name!: string | null;
  frozenTime!: Date;
  status!: 'ready' | 'advancing';
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
    clock.createdAt = now;
    return clock;
  }

  /** Moves the clock forward (never back); its customers' due work then runs on the new time. */
  startAdvancing(to: Date): void {
    if (to <= this.frozenTime) {
      throw new ValidationError('clock_cannot_move_backwards', `frozen_time must be after ${this.frozenTime.toISOString()}`, 'frozen_time');
    }
    this.frozenTime = to;
    this.status = 'advancing';
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
