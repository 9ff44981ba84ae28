import { injectFault } from '../../../../platform/faults';
import type { PaymentSettings } from '../../payments.tokens';

/** Where a money flow may be made to die in tests of recovery: either side of its processor call. */
export type CrashPoint = 'before_processor_call' | 'after_processor_call';

/** A crash point (`TEST_FAULTS`): the request dies here, leaving what it committed so far for the reconciler. */
export function crashPoint(settings: PaymentSettings, point: CrashPoint): void {
  injectFault(settings.faults, point);
}
