import { type Metadata, mergeMetadata } from '../../../shared/domain/metadata';
import { NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { type EventType, isEventType } from './event-types';

export const MAX_ENDPOINTS_PER_MODE = 16;
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export interface EndpointUrlRules {
  /** Test-mode endpoints may use http://localhost and 127.0.0.1 (a server option for development). */
  allowLoopback: boolean;
}

/**
 * The URL's own rules, before any DNS: absolute, https (http only for loopback when allowed), no user
 * info. Where the host resolves is checked separately, at registration and again at every connection.
 */
export function parseEndpointUrl(raw: string, rules: EndpointUrlRules): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError('url_invalid', 'Invalid url: it must be an absolute https URL', 'url');
  }
  if (url.username || url.password) throw new ValidationError('url_invalid', 'Invalid url: user info is not allowed', 'url');
  const loopbackHost = LOOPBACK_HOSTS.includes(url.hostname);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && rules.allowLoopback && loopbackHost) return url;
  throw new ValidationError('url_not_https', 'Invalid url: webhook endpoints must use https', 'url');
}

/** `["*"]` alone, or known event types, each once. */
export function parseSubscribedEvents(events: string[]): string[] {
  if (events.includes('*')) {
    if (events.length > 1) throw new ValidationError('parameter_invalid', "Invalid events: '*' stands alone", 'events');
    return ['*'];
  }
  events.forEach((type, index) => {
    if (!isEventType(type)) throw new ValidationError('event_type_unknown', `Unknown event type '${type}'`, `events[${index}]`);
  });
  return [...new Set(events)];
}

export class WebhookEndpoint {
  id!: number;
  accountId!: string;
  livemode!: boolean;
  url!: string;
  events!: string[];
  /** The signing secret, sealed by the account's key (never kept in the clear). */
  secret!: string;
  /** The secret before the last rotation (sealed), still signing deliveries until `previousSecretExpiresAt`. */
  previousSecret!: string | null;
  previousSecretExpiresAt!: Date | null;
  active!: boolean;
  metadata!: Metadata;
  createdAt!: Date;
  deletedAt!: Date | null;

  static register(scope: Scope, input: { url: URL; events: string[]; secret: string; metadata?: Metadata }, now: Date): WebhookEndpoint {
    const endpoint = new WebhookEndpoint();
    endpoint.accountId = scope.accountId;
    endpoint.livemode = scope.livemode;
    endpoint.url = input.url.toString();
    endpoint.events = input.events;
    endpoint.secret = input.secret;
    endpoint.previousSecret = null;
    endpoint.previousSecretExpiresAt = null;
    endpoint.active = true;
    endpoint.metadata = mergeMetadata({}, input.metadata);
    endpoint.createdAt = now;
    endpoint.deletedAt = null;
    return endpoint;
  }

  /**
   * A new secret signs from now on; the current one keeps signing beside it for `overlapSeconds` (none
   * when 0), so receivers can switch without refusing a delivery. Only the latest previous secret lasts.
   */
  rotateSecret(newSecret: string, overlapSeconds: number, now: Date): void {
    this.previousSecret = overlapSeconds > 0 ? this.secret : null;
    this.previousSecretExpiresAt = overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null;
    this.secret = newSecret;
  }

  /** Until when the previous secret still signs, or null when none does at `now`. */
  previousSecretValidUntil(now: Date): Date | null {
    return this.previousSecret && this.previousSecretExpiresAt && this.previousSecretExpiresAt > now ? this.previousSecretExpiresAt : null;
  }

  /** The (sealed) secrets a delivery at `now` is signed with: the current one first. */
  signingSecrets(now: Date): string[] {
    return this.previousSecretValidUntil(now) ? [this.secret, this.previousSecret!] : [this.secret];
  }

  /** A new address or subscription (each checked by its parser), or turned off or on by the merchant. */
  change(input: { url?: URL; events?: string[]; active?: boolean; metadata?: Metadata }): void {
    this.metadata = mergeMetadata(this.metadata, input.metadata);
    if (input.url !== undefined) this.url = input.url.toString();
    if (input.events !== undefined) this.events = input.events;
    if (input.active !== undefined) this.active = input.active;
  }

  subscribesTo(type: EventType): boolean {
    return this.events.includes('*') || this.events.includes(type);
  }

  /** A 410 Gone from the receiver: no more deliveries until a redelivery to it succeeds. */
  deactivate(): void {
    this.active = false;
  }

  reactivate(): void {
    this.active = true;
  }

  delete(now: Date): void {
    this.deletedAt = now;
  }
}

export class WebhookEndpointNotFound extends NotFoundError {
  constructor(id: number | string, param?: string) {
    super('webhook endpoint', String(id), param);
  }
}

export class WebhookEndpointLimit extends ValidationError {
  constructor() {
    super('webhook_endpoint_limit', `An account may have at most ${MAX_ENDPOINTS_PER_MODE} webhook endpoints per mode`);
  }
}

export class ForbiddenDestination extends ValidationError {
  constructor(reason: string) {
    super('url_forbidden_destination', `Invalid url: ${reason}`, 'url');
  }
}
