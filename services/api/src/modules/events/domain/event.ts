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
  createdAt!: Date;

  static record(scope: Scope, type: EventType, data: object, now: Date): Event {
    const event = new Event();
    event.id = newId('evt');
    event.accountId = scope.accountId;
    event.livemode = scope.livemode;
    event.type = type;
    event.data = data;
    event.createdAt = now;
    return event;
  }

  /** The envelope, as the API shows it and webhooks carry it. */
  envelope(): { id: string; object: 'event'; type: EventType; data: object; created: string; livemode: boolean } {
    return {
      id: this.id,
      object: 'event',
      type: this.type,
      data: this.data,
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
