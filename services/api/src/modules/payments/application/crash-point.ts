import type { PaymentSettings } from '../payments.tokens';

/** Where a money flow may be made to die in tests of recovery: either side of its processor call. */
export type CrashPoint = 'before_processor_call' | 'after_processor_call';

/**
 * A crash point, enabled only through `TEST_FAULTS` (never with NODE_ENV=production): the request dies
 * here, leaving what it committed so far for the reconciler. With `kill` among the faults the process
 * is killed outright (SIGKILL), as a crashed machine would be.
 */
export function crashPoint(settings: PaymentSettings, point: CrashPoint): void {
  if (!settings.faults.has(point)) return;
  if (settings.faults.has('kill')) process.kill(process.pid, 'SIGKILL');
  throw new Error(`injected fault: ${point}`);
}
