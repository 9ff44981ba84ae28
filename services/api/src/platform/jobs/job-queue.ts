/** Follow-up work sent inside the current transaction, so it runs only if the change commits. */
export interface JobQueue {
  send(name: string, data: object, options?: { startAfter?: Date; singletonKey?: string }): Promise<void>;
}
