import type { Page, PageRequest } from '../../shared/domain/page';

/** The list envelope: `{ success, data, has_more }`. */
export function listReply<T, R>(page: Page<T>, toResponse: (item: T) => R): { success: true; data: R[]; has_more: boolean } {
  return { success: true, data: page.items.map(toResponse), has_more: page.hasMore };
}

/** A list's query as the service's page request. */
export function pageOf(query: { limit?: number; starting_after?: string }): PageRequest {
  return { limit: query.limit, startingAfter: query.starting_after };
}
