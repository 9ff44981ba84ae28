/** Whose data, in which mode: every read and write of merchant data is confined to one scope. */
export interface Scope {
  accountId: string;
  livemode: boolean;
}

export interface PageRequest {
  limit?: number;
  starting_after?: string;
}

export interface Page<T> {
  items: T[];
  hasMore: boolean;
}
