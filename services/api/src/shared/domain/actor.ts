/** The dashboard user behind a request made with a session instead of a key. */
export interface Actor {
  userId: string;
  email: string;
  /** `owner`, `admin`, `developer`, `support` or `viewer`. */
  role: string;
  sessionId: string;
  /** The largest refund, in agorot, this user may make; null when their role sets no limit. */
  refundLimit: number | null;
}
