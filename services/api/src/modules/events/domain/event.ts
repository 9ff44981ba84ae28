import { NotFoundError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import type { EventType } from './event-types';

/** Something that happened, as merchants receive it. Immutable once recorded. */
export class Event {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  type!: EventType;
  /** The object the event is about, already in its API shape. */
  data!: object;
  /** On an `*.updated` event: the values before the change of the fields it changed. */
  previousAttributes!: object | null;
  createdAt!: Date;

  static record(scope: Scope, type: EventType, data: object, now: Date, previousAttributes: object | null = null): Event {
    const event = new Event();
    event.id = newId('evt');
    event.accountId = scope.accountId;
    event.livemode = scope.livemode;
    event.type = type;
    event.data = data;
    event.previousAttributes = previousAttributes;
    event.createdAt = now;
    return event;
  }

  /** The envelope, as the API shows it and webhooks carry it. */
  envelope(): {
    id: string;
    object: 'event';
    type: EventType;
    data: object;
    previous_attributes?: object;
    created: string;
    livemode: boolean;
  } {
    return {
      id: this.id,
      object: 'event',
      type: this.type,
      data: this.data,
      ...(this.previousAttributes && { previous_attributes: this.previousAttributes }),
      created: this.createdAt.toISOString(),
      livemode: this.livemode,
    };
  }
}

export class EventNotFound extends NotFoundError {
  constructor(id: string) {
    super('event', id);
  }
}
