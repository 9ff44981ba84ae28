import type { Clock } from '../shared/domain/clock';

/** A clock a specification sets and moves by hand. */
export class MovableClock implements Clock {
  constructor(private at: Date) {}

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}
