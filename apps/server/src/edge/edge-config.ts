import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** The edge's settings, by Unleash Edge's variable names where it has one. */
export type EdgeConfig = {
  upstreamUrl: string;
  /** Client and frontend tokens validated at start; others are validated on first use. */
  tokens: string[];
  port: number;
  host: string;
  /** Where the last state and the valid tokens are kept, to serve them again after a restart. */
  snapshotFile?: string;
  /** How often metrics and registrations go upstream in one batch. */
  metricsIntervalMs: number;
  /** How often first exposures to experiments go upstream (running experiments are asked about every poll interval). */
  experimentFlushIntervalMs: number;
  /** How often flags are polled while streaming from the upstream is not possible. */
  pollIntervalMs: number;
  appName: string;
  instanceId: string;
  /** Origins whose pages may call the Frontend API and OFREP (`CORS_ORIGIN`, comma-separated; `*` by default). */
  corsOrigins: string[];
};

const seconds = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback * 1000;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number of seconds, got "${raw}"`);
  return value * 1000;
};

/** `*`, or origins such as `https://app.example.com`: a scheme, a host and maybe a port, nothing more. */
function corsOrigins(raw: string | undefined): string[] {
  const list = (raw ?? '*')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
  for (const origin of list) {
    if (origin === '*') continue;
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin)
      throw new Error(`CORS_ORIGIN must list * or origins such as https://app.example.com, got "${origin}"`);
  }
  return list.length > 0 ? list : ['*'];
}

export function readEdgeConfig(env: NodeJS.ProcessEnv = process.env): EdgeConfig {
  const upstream = env.UPSTREAM_URL;
  if (!upstream) throw new Error('UPSTREAM_URL is required: the Switchyard (or edge) URL to sync from');
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new Error(`UPSTREAM_URL must be an http(s) URL, got "${upstream}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`UPSTREAM_URL must be an http(s) URL, got "${upstream}"`);
  const port = Number(env.PORT ?? 3063);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    upstreamUrl: upstream.replace(/\/+$/, ''),
    tokens: (env.TOKENS ?? '')
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean),
    port,
    host: env.INTERFACE ?? env.HOST ?? '0.0.0.0',
    snapshotFile: env.EDGE_SNAPSHOT_FILE || undefined,
    metricsIntervalMs: seconds(env, 'METRICS_INTERVAL_SECONDS', 60),
    pollIntervalMs: seconds(env, 'FEATURES_REFRESH_INTERVAL_SECONDS', 10),
    experimentFlushIntervalMs: seconds(env, 'EXPOSURES_INTERVAL_SECONDS', 1),
    appName: env.EDGE_APP_NAME ?? 'switchyard-edge',
    instanceId: env.EDGE_INSTANCE_ID ?? `${hostname()}-${randomUUID().slice(0, 8)}`,
    corsOrigins: corsOrigins(env.CORS_ORIGIN),
  };
}
