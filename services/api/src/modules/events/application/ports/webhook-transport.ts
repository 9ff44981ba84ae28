import type { AttemptResult } from '../../domain/webhook-delivery';
import type { RetryPolicy } from '../../domain/retry-policy';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Loopback destinations are allowed (test-mode endpoints with the server option on). */
  allowLoopback: boolean;
}

/**
 * POSTs deliveries at once, each answered by its result; they start together and share one deadline (the
 * timeout). Never follows redirects, never throws for a receiver's behaviour.
 */
export interface WebhookSender {
  sendAll(requests: WebhookRequest[]): Promise<AttemptResult[]>;
  /** Closes kept-alive connections. */
  close(): Promise<void>;
}

/** Where a host name resolves to. */
export interface DnsResolver {
  resolve(hostname: string): Promise<string[]>;
}

/** Refuses URLs whose host is, or resolves to, a forbidden destination. */
export interface DestinationGuard {
  check(url: URL, allowLoopback: boolean): Promise<void>;
}

export interface WebhookSettings {
  retryPolicy: RetryPolicy;
  /** Test-mode endpoints may target loopback (development and tests). */
  allowLoopbackInTestMode: boolean;
  timeoutMs: number;
}
