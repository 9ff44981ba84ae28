import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { type Event, EventNotFound } from '../domain/event';
import { EVENTS } from '../events.tokens';
import type { EventRepository } from './ports/event-repository';

@injectable()
export class GetEvent {
  constructor(@inject(EVENTS.EventRepository) private readonly events: EventRepository) {}

  async execute(scope: Scope, id: string): Promise<Event> {
    const event = await this.events.findById(scope, id);
    if (!event) throw new EventNotFound(id);
    return event;
  }
}
