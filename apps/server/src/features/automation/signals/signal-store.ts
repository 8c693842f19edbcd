import type { Db } from '../../../db/db.ts';
import type { Signal, SignalEndpoint, SignalEndpointToken } from './signal.ts';

type EndpointRow = {
  id: number;
  name: string;
  description: string | null;
  enabled: boolean;
  created_by_user_id: number | null;
  created_at: Date;
};
type TokenRow = {
  id: number;
  name: string;
  signal_endpoint_id: number;
  created_by_user_id: number | null;
  created_at: Date;
};
type SignalRow = {
  id: string;
  source_id: number;
  token_id: number | null;
  token_name: string | null;
  payload: Record<string, unknown> | null;
  created_at: Date;
};

const toEndpoint = (row: EndpointRow): SignalEndpoint => ({
  id: row.id,
  name: row.name,
  description: row.description,
  enabled: row.enabled,
  createdAt: row.created_at,
  createdByUserId: row.created_by_user_id,
});
const toToken = (row: TokenRow): SignalEndpointToken => ({
  id: row.id,
  name: row.name,
  signalEndpointId: row.signal_endpoint_id,
  createdAt: row.created_at,
  createdByUserId: row.created_by_user_id,
});
export const toSignal = (row: SignalRow): Signal => ({
  id: Number(row.id),
  source: 'signal-endpoint',
  sourceId: row.source_id,
  tokenId: row.token_id,
  tokenName: row.token_name,
  payload: row.payload,
  createdAt: row.created_at,
});

const TOKEN_COLUMNS = 'id, name, signal_endpoint_id, created_by_user_id, created_at';
const SIGNAL_COLUMNS = 'id::text AS id, source_id, token_id, token_name, payload, created_at';

export function createSignalStore(db: Db) {
  return {
    async endpoints(): Promise<SignalEndpoint[]> {
      return (await db.query<EndpointRow>('SELECT * FROM signal_endpoints ORDER BY id')).map(toEndpoint);
    },
    async endpoint(id: number): Promise<SignalEndpoint | undefined> {
      const [row] = await db.query<EndpointRow>('SELECT * FROM signal_endpoints WHERE id = $1', [id]);
      return row && toEndpoint(row);
    },
    async endpointNamed(name: string): Promise<SignalEndpoint | undefined> {
      const [row] = await db.query<EndpointRow>('SELECT * FROM signal_endpoints WHERE name = $1', [name]);
      return row && toEndpoint(row);
    },
    async countEndpoints(): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM signal_endpoints');
      return row!.n;
    },
    async insertEndpoint(
      fields: { name: string; description: string | null; enabled: boolean },
      userId: number | null,
    ): Promise<SignalEndpoint> {
      const [row] = await db.query<EndpointRow>(
        `INSERT INTO signal_endpoints (name, description, enabled, created_by_user_id) VALUES ($1, $2, $3, $4)
         RETURNING *`,
        [fields.name, fields.description, fields.enabled, userId],
      );
      return toEndpoint(row!);
    },
    async updateEndpoint(
      id: number,
      fields: { name: string; description: string | null; enabled: boolean },
    ): Promise<SignalEndpoint> {
      const [row] = await db.query<EndpointRow>(
        'UPDATE signal_endpoints SET name = $2, description = $3, enabled = $4 WHERE id = $1 RETURNING *',
        [id, fields.name, fields.description, fields.enabled],
      );
      return toEndpoint(row!);
    },
    async deleteEndpoint(id: number): Promise<void> {
      await db.query('DELETE FROM signal_endpoints WHERE id = $1', [id]);
    },
    async tokens(endpointIds: number[]): Promise<SignalEndpointToken[]> {
      const rows = await db.query<TokenRow>(
        `SELECT ${TOKEN_COLUMNS} FROM signal_endpoint_tokens WHERE signal_endpoint_id = ANY ($1) ORDER BY id`,
        [endpointIds],
      );
      return rows.map(toToken);
    },
    async token(endpointId: number, tokenId: number): Promise<SignalEndpointToken | undefined> {
      const [row] = await db.query<TokenRow>(
        `SELECT ${TOKEN_COLUMNS} FROM signal_endpoint_tokens WHERE signal_endpoint_id = $1 AND id = $2`,
        [endpointId, tokenId],
      );
      return row && toToken(row);
    },
    async insertToken(
      endpointId: number,
      name: string,
      secretHash: string,
      userId: number | null,
    ): Promise<SignalEndpointToken> {
      const [row] = await db.query<TokenRow>(
        `INSERT INTO signal_endpoint_tokens (signal_endpoint_id, name, secret_hash, created_by_user_id)
         VALUES ($1, $2, $3, $4) RETURNING ${TOKEN_COLUMNS}`,
        [endpointId, name, secretHash, userId],
      );
      return toToken(row!);
    },
    async renameToken(tokenId: number, name: string): Promise<SignalEndpointToken> {
      const [row] = await db.query<TokenRow>(
        `UPDATE signal_endpoint_tokens SET name = $2 WHERE id = $1 RETURNING ${TOKEN_COLUMNS}`,
        [tokenId, name],
      );
      return toToken(row!);
    },
    async deleteToken(tokenId: number): Promise<void> {
      await db.query('DELETE FROM signal_endpoint_tokens WHERE id = $1', [tokenId]);
    },
    /** The token of this endpoint whose secret hashes to `secretHash`. */
    async tokenBySecret(endpointId: number, secretHash: string): Promise<SignalEndpointToken | undefined> {
      const [row] = await db.query<TokenRow>(
        `SELECT ${TOKEN_COLUMNS} FROM signal_endpoint_tokens WHERE signal_endpoint_id = $1 AND secret_hash = $2`,
        [endpointId, secretHash],
      );
      return row && toToken(row);
    },
    /** Signals the endpoint stored in the last second, for its rate limit (shared by every process). */
    async countLastSecond(endpointId: number): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM signals WHERE source_id = $1 AND created_at > now() - interval '1 second'`,
        [endpointId],
      );
      return row!.n;
    },
    async insertSignal(
      endpointId: number,
      token: SignalEndpointToken,
      payload: Record<string, unknown> | null,
    ): Promise<Signal> {
      const [row] = await db.query<SignalRow>(
        `INSERT INTO signals (source_id, token_id, token_name, payload) VALUES ($1, $2, $3, $4)
         RETURNING ${SIGNAL_COLUMNS}`,
        [endpointId, token.id, token.name, payload === null ? null : JSON.stringify(payload)],
      );
      return toSignal(row!);
    },
    /** Newest first; one endpoint's when `endpointId` is given. */
    async signals(query: {
      endpointId?: number;
      from?: Date;
      to?: Date;
      limit: number;
      offset: number;
    }): Promise<{ signals: Signal[]; total: number }> {
      const where = [
        '($1::int IS NULL OR source_id = $1)',
        '($2::timestamptz IS NULL OR created_at >= $2)',
        '($3::timestamptz IS NULL OR created_at <= $3)',
      ].join(' AND ');
      const params = [query.endpointId ?? null, query.from ?? null, query.to ?? null];
      const rows = await db.query<SignalRow>(
        `SELECT ${SIGNAL_COLUMNS} FROM signals WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`,
        [...params, query.limit, query.offset],
      );
      const [count] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM signals WHERE ${where}`,
        params,
      );
      return { signals: rows.map(toSignal), total: count!.n };
    },
  };
}

export type SignalStore = ReturnType<typeof createSignalStore>;
