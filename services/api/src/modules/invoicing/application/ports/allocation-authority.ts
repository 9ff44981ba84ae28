/** What the Tax Authority is asked for a tax invoice's allocation number. */
export interface AllocationRequest {
  documentId: string;
  accountId: string;
  /** The document's type in the unified file format's codes. */
  typeCode: number;
  customerName: string;
  /** The issuer's business number (null for a test document of an account without a profile). */
  businessNumber: string | null;
  customerTaxId: string;
  documentNumber: number;
  issuedAt: Date;
  amountExcludingVat: number;
  vatAmount: number;
  total: number;
}

export type AllocationAnswer = { approved: true; number: string } | { approved: false; reason: string };

/** The Tax Authority's allocation service. Throws `AllocationUnavailable` when it cannot be reached: the request is asked again. */
export interface AllocationAuthority {
  request(request: AllocationRequest): Promise<AllocationAnswer>;
}

/** The authority for a mode: the simulated one in test mode. */
export interface AllocationAuthorities {
  forMode(livemode: boolean): AllocationAuthority;
}

export class AllocationUnavailable extends Error {
  constructor(reason: string) {
    super(`The Tax Authority's allocation service is unavailable: ${reason}`);
    this.name = 'AllocationUnavailable';
  }
}
