import { RecordEvent } from '../../src/modules/events/application/record-event';
import type { EventType } from '../../src/modules/events/domain/event-types';
import { PERSISTENCE } from '../../src/platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../src/platform/persistence/unit-of-work';
import { newId } from '../../src/shared/domain/ids';
import type { Scope } from '../../src/shared/domain/scope';
import type { TestApp } from './harness';

/** A charge as events carry it. */
export function chargeData(overrides: Record<string, unknown> = {}) {
  return {
    id: newId('ch'),
    object: 'charge',
    customer: newId('cus'),
    amount: 4900,
    amount_captured: 4900,
    amount_refunded: 0,
    currency: 'ils',
    status: 'succeeded',
    capture_method: 'automatic',
    captured: true,
    metadata: {},
    livemode: false,
    created: new Date().toISOString(),
    ...overrides,
  };
}

/** Records an event as a module does: inside the unit of work of the change that caused it. */
export async function recordEvent(app: TestApp, scope: Scope, type: EventType, data: object = chargeData({ livemode: scope.livemode })) {
  const { container, inContext } = app.services;
  return inContext(() =>
    container.get<UnitOfWork>(PERSISTENCE.UnitOfWork).run(() => container.get(RecordEvent).execute(scope, type, data)),
  );
}
