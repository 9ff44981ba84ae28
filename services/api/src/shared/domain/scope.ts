/** Whose data, in which mode: every read and write of merchant data is confined to one scope. */
export interface Scope {
  accountId: string;
  livemode: boolean;
}
