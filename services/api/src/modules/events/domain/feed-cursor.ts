/**
 * A position in the event feed: after the event recorded by transaction `xid` at insertion `seq`.
 * Written `xid.seq`; both parts are decimal integers kept as strings (they exceed 2^53).
 */
export interface FeedCursor {
  xid: string;
  seq: string;
}

export function formatFeedCursor(cursor: FeedCursor): string {
  return `${cursor.xid}.${cursor.seq}`;
}

/** The contract has already checked the shape (`^[0-9]+\.[0-9]+$`). */
export function parseFeedCursor(text: string): FeedCursor {
  const [xid, seq] = text.split('.');
  return { xid, seq };
}
