import type { Principal } from '../../../http/auth.ts';
import type { FlagCount, Registration } from './client-report-store.ts';

type Bucket = {
  start: string | number;
  stop: string | number;
  toggles: Record<string, { yes: number; no: number; variants?: Record<string, number> }>;
};

export const toDate = (value: string | number): Date => new Date(value);

/** The token's environment wins; a token for all environments may name one in the body. */
export function reportEnvironment(principal: Principal | undefined, bodyEnvironment?: string): string {
  if (principal?.kind === 'token' && principal.environment !== '*') return principal.environment;
  return bodyEnvironment ?? 'default';
}

/** The one environment a token is for, or undefined for a token of every environment. */
export function tokenEnvironment(principal: Principal | undefined): string | undefined {
  return principal?.kind === 'token' && principal.environment !== '*' ? principal.environment : undefined;
}

export function tokenProjects(principal: Principal | undefined): string[] {
  return principal?.kind === 'token' ? principal.projects : [];
}

export function toFlagCounts(bucket: Bucket | null | undefined): FlagCount[] {
  if (!bucket) return [];
  return Object.entries(bucket.toggles).map(([flagName, count]) => ({
    flagName,
    yes: count.yes,
    no: count.no,
    variants: count.variants ?? {},
  }));
}

export function toRegistration(
  body: {
    appName: string;
    instanceId?: string;
    connectionId?: string;
    sdkVersion?: string;
    strategies?: string[];
    started?: string | number;
    interval?: number;
    platformName?: string;
    platformVersion?: string;
    specVersion?: string;
  },
  principal: Principal | undefined,
  sdkType: Registration['sdkType'],
  sdkHeader?: string,
): Registration {
  return {
    appName: body.appName,
    instanceId: body.instanceId ?? 'default',
    environment: reportEnvironment(principal),
    sdkType,
    sdkVersion: body.sdkVersion ?? sdkHeader ?? null,
    strategies: body.strategies ?? [],
    startedAt: body.started === undefined ? null : toDate(body.started),
    // SDKs send whole milliseconds, but the schema (like Unleash's) allows any number: stored rounded.
    intervalMs: body.interval === undefined ? null : Math.round(body.interval),
    connectionId: body.connectionId ?? null,
    platformName: body.platformName ?? null,
    platformVersion: body.platformVersion ?? null,
    specVersion: body.specVersion ?? null,
    projects: tokenProjects(principal),
  };
}
