/**
 * Follow-up work sent inside the current transaction, so it exists only if the change commits (a
 * savepoint that rolls back takes its jobs with it).
 */
export interface JobQueue {
  send(name: string, data: object, options?: { startAfter?: Date; singletonKey?: string }): Promise<void>;
  sendMany(jobs: { name: string; data: object; startAfter?: Date; singletonKey?: string }[]): Promise<void>;
}

/** A queue a module works, created at start-up so jobs can be sent to it. */
export interface QueueDefinition {
  name: string;
  /** How long a fetched job may stay active before pg-boss hands it to another worker. */
  expireInSeconds: number;
  /** Retries of a job whose handler failed (not of the work's own business retries). */
  retryLimit: number;
  /** Seconds before a retry, doubled on each with `retryBackoff`. */
  retryDelay?: number;
  retryBackoff?: boolean;
}
