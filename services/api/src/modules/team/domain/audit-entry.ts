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

  /** Something a user did to their own sign-in (signing in, failing to, accepting an invitation): no mode, the user as target. */
  static ofSignIn(
    user: { id: string; accountId: string; email: string },
    action: 'signIn' | 'signInFailed' | 'acceptInvitation',
    status: number,
    origin: { address: string | null; requestId: string | null },
    now: Date,
  ): AuditEntry {
    return AuditEntry.record(
      { accountId: user.accountId, livemode: false, userId: user.id, userEmail: user.email, action, target: user.id, status, ...origin },
      now,
    );
  }
}
