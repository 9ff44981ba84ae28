import type { TaxAuthorityConnection } from '../domain/tax-authority-connection';

/** The connection as `tax_authority_connection.updated` carries it: its state, never its tokens. */
export function toConnectionResponse(connection: TaxAuthorityConnection) {
  return {
    id: connection.id,
    object: 'tax_authority_connection' as const,
    status: connection.status,
    connected_at: connection.connectedAt?.toISOString() ?? null,
    livemode: true as const,
  };
}
