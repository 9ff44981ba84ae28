/** How long the request log keeps a request. */
export const REQUEST_LOG_DAYS = 7;

/** One authenticated request, as the developers page lists it: never a header, a query or a body. */
export class ApiRequest {
  /** The request's `Request-Id`. */
  id!: string;
  accountId!: string;
  livemode!: boolean;
  method!: string;
  path!: string;
  status!: number;
  /** A key, or a dashboard session. */
  source!: 'key' | 'dashboard';
  userId!: string | null;
  createdAt!: Date;
}
