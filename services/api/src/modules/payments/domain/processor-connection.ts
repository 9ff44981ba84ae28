/** The purpose a connection's credentials are sealed for. */
export const PROCESSOR_CREDENTIALS = 'processor-credentials';

/** The live gateways a merchant can connect. */
export const PROCESSOR_NAMES = ['tranzila'] as const;
export type ProcessorName = (typeof PROCESSOR_NAMES)[number];

/**
 * A live account's card processor: which gateway, the terminal, and the terminal's API credentials,
 * sealed by the account's data key (never held here in the clear).
 */
export class ProcessorConnection {
  accountId!: string;
  name!: ProcessorName;
  terminal!: string;
  credentialsSealed!: string;
  /** What the gateway told of the terminal when it was connected (not secret). */
  settings!: Record<string, string>;
  createdAt!: Date;
  updatedAt!: Date;

  static connect(
    accountId: string,
    name: ProcessorName,
    terminal: string,
    credentialsSealed: string,
    settings: Record<string, string>,
    now: Date,
  ): ProcessorConnection {
    const connection = new ProcessorConnection();
    connection.accountId = accountId;
    connection.name = name;
    connection.terminal = terminal;
    connection.credentialsSealed = credentialsSealed;
    connection.settings = settings;
    connection.createdAt = now;
    connection.updatedAt = now;
    return connection;
  }

  /** Connecting again replaces the gateway, terminal and credentials; when it was first connected stays. */
  reconnect(name: ProcessorName, terminal: string, credentialsSealed: string, settings: Record<string, string>, now: Date): void {
    this.name = name;
    this.terminal = terminal;
    this.credentialsSealed = credentialsSealed;
    this.settings = settings;
    this.updatedAt = now;
  }
}
