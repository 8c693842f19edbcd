import { createHash, randomBytes } from 'node:crypto';

/** A URL outside systems post signals to, as `POST /api/signal-endpoint/{name}` with one of its tokens. */
export type SignalEndpoint = {
  id: number;
  name: string;
  description: string | null;
  enabled: boolean;
  createdAt: Date;
  createdByUserId: number | null;
};

/** A secret that lets a caller post to one signal endpoint; only its hash is stored. */
export type SignalEndpointToken = {
  id: number;
  name: string;
  signalEndpointId: number;
  createdAt: Date;
  createdByUserId: number | null;
};

/** One call to a signal endpoint, with what it sent. */
export type Signal = {
  id: number;
  source: 'signal-endpoint';
  sourceId: number;
  tokenId: number | null;
  tokenName: string | null;
  payload: Record<string, unknown> | null;
  createdAt: Date;
};

/** Letters, digits, dashes, underscores and dots: the name is a path segment of the endpoint's URL. */
export const ENDPOINT_NAME_PATTERN = '^[a-zA-Z0-9][a-zA-Z0-9._-]*$';

/** A new token secret: 32 random bytes, prefixed so it is recognisable in a log or a secret scanner. */
export const newTokenSecret = () => `signal:${randomBytes(32).toString('hex')}`;

export const hashTokenSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
