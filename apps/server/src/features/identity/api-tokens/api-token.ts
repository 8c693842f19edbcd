import { createHash, randomBytes } from 'node:crypto';
import type { ApiTokenType } from '../../../http/auth.ts';

export type ApiToken = {
  id: number;
  tokenName: string;
  type: ApiTokenType;
  environment: string;
  /** ["*"] for all projects. */
  projects: string[];
  /** The secret with most of its random part masked; the full secret is shown only when created. */
  displaySecret: string;
  expiresAt: Date | null;
  createdAt: Date;
  seenAt: Date | null;
};

/** The part before the dot of an Unleash-format secret: `project:environment`, `*:env`, `[]:env` or `*:*`. */
export function secretPrefix(projects: string[], environment: string): string {
  const project = projects.includes('*') ? '*' : projects.length === 1 ? projects[0]! : '[]';
  return `${project}:${environment}`;
}

/** A new secret in Unleash's format: prefix, a dot, and 56 hex characters from 28 random bytes. */
export function generateSecret(projects: string[], environment: string): string {
  return `${secretPrefix(projects, environment)}.${randomBytes(28).toString('hex')}`;
}

/** Secrets are stored only as SHA-256 hashes: they are long and random, so a fast hash is enough. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Random characters a secret must have before a list shows any of them: 12 shown leave at least 20 hidden. */
const SHOWN_FROM = 32;

/**
 * What a list shows instead of the secret, also the key that finds it (unique): the prefix, then the first and
 * last 6 characters of the random part (every generated secret has 56). A short secret given at creation shows none
 * of its characters: `…#` and 8 characters of its hash stand in for them (as for secrets listed before migration 0075).
 */
export function maskSecret(secret: string): string {
  const dot = secret.indexOf('.');
  const prefix = dot >= 0 ? secret.slice(0, dot + 1) : '';
  const rest = dot >= 0 ? secret.slice(dot + 1) : secret;
  if (rest.length >= SHOWN_FROM) return `${prefix}${rest.slice(0, 6)}…${rest.slice(-6)}`;
  return `${prefix}…#${hashSecret(secret).slice(0, 8)}`;
}

/** Reads project and environment from a secret given in INIT_*_API_TOKENS. */
export function parseSecret(secret: string): { projects: string[]; environment: string } | undefined {
  const match = /^([^:]+):([^.]+)\..+$/.exec(secret);
  if (!match) return undefined;
  const project = match[1]!;
  return { projects: project === '*' ? ['*'] : project === '[]' ? [] : [project], environment: match[2]! };
}

export function isExpired(token: Pick<ApiToken, 'expiresAt'>, now = new Date()): boolean {
  return token.expiresAt !== null && token.expiresAt.getTime() <= now.getTime();
}

/**
 * The project an event about a token is filed under: its one project, so the project's event log finds it. A token
 * over several projects (or all) is filed under none; its events still name the projects in their data, and the
 * event log leaves out an event naming a private project the reader is no member of (event-store.ts).
 */
export function tokenEventProject(projects: readonly string[]): string | undefined {
  return projects.length === 1 && projects[0] !== '*' ? projects[0] : undefined;
}
