/** A list request: at most `limit` items, after the one named (the API's cursor). */
export interface PageRequest {
  limit?: number;
  startingAfter?: string;
}

export interface Page<T> {
  items: T[];
  hasMore: boolean;
}
