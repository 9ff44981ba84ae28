import { newId } from '../../../shared/domain/ids';

/**
 * One write made, or refused, on an account: by a dashboard user (kept, with their email as it was,
 * after the user is removed) or with an API key (its id, and the user who made it, if one did).
 */
export class AuditEntry {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  userId!: string | null;
  /** The user's email as it was; null for a change an account key made. */
  userEmail!: string | null;
  /** The key the change was made with; null for a dashboard user's. */
  apiKeyId!: string | null;
  /** The contract operation, or `signIn`, `signInFailed`, `invitationAccepted`. */
  action!: string;
  target!: string | null;
  status!: number;
  /** The code of an answer that refused or failed the write (`permission_denied`, `csrf_token_invalid`, …). */
  errorCode!: string | null;
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
      {
        accountId: user.accountId,
        livemode: false,
        userId: user.id,
        userEmail: user.email,
        apiKeyId: null,
        action,
        target: user.id,
        status,
        errorCode: null,
        ...origin,
      },
      now,
    );
  }
}
