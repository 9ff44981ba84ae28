import type { Scope } from '../../../../shared/domain/scope';

/** What the account shows of its card processor (never its credentials). */
export interface ProcessorView {
  name: 'simulated' | 'tranzila';
  terminal: string | null;
  capabilities: {
    holdWindowMs: number;
    partialCapture: boolean;
    installments: { kinds: Array<'payments' | 'credit'>; max: number };
    threeDSecure: boolean;
    wallets: Array<'apple_pay' | 'google_pay' | 'bit'>;
    amountUnit: 'agorot' | 'shekels';
    cardCollection: { type: 'server' } | { type: 'hosted_fields'; scriptUrl: string };
    bitPage: { minimumAmount: number } | null;
  };
  livemode: boolean;
  createdAt: Date | null;
  updatedAt: Date | null;
}

export interface ProcessorTerminal {
  name: 'tranzila';
  terminal: string;
  credentials: Record<string, string>;
}

/**
 * The account's card processor, which the payments module keeps (bound in `main/`): the account reads
 * and connects it through this port, as payments already depends on accounts.
 */
export interface AccountProcessors {
  /** The processor of the scope's mode, or null in live mode until one is connected. */
  of(scope: Scope): Promise<ProcessorView | null>;
  /** Checks the terminal's credentials with the gateway, keeps them sealed, and answers the connection. */
  connect(scope: Scope, terminal: ProcessorTerminal): Promise<ProcessorView>;
}
