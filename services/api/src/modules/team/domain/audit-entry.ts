import { newId } from '../../../shared/domain/ids';

/** One thing a dashboard user did: kept, with their email as it was, after the user is removed. */
export class AuditEntry {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  userId!: string | null;
  userEmail!: string;
  /** The contract operation, or `signIn`, `signInFailed`, `invitationAccepted`. */
  action!: string;
  target!: string | null;
  status!: number;
  address!: string | null;
  requestId!: string | null;
  createdAt!: Date;

  static record(input: Omit<AuditEntry, 'id' | 'createdAt'>, now: Date): AuditEntry {
    return Object.assign(new AuditEntry(), { ...input, id: newId('aud'), createdAt: now });
  }
}
