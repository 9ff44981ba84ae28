/** A job that cannot be done yet and is not failing (it waits on another job): tried again on the queue's schedule, logged quietly. */
export class RetryLater extends Error {}
