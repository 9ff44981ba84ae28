import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { Event } from '../domain/event';
import type { EventType } from '../domain/event-types';
import { EVENTS } from '../events.tokens';
import type { EventRepository } from './ports/event-repository';

@injectable()
export class ListEvents {
  constructor(@inject(EVENTS.EventRepository) private readonly events: EventRepository) {}

  execute(scope: Scope, filter: { type?: EventType; object?: string }, page: PageRequest): Promise<Page<Event>> {
    return this.events.list(scope, filter, page);
  }
}
