import { isWeakSecret, MIN_GIVEN_SECRET_LENGTH } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import type { ApiTokenType } from '../../../http/auth.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import type { ScopedTokensPort } from '../../flag-model/projects/project-ports.ts';
import { type ApiToken, generateSecret, parseSecret, secretPrefix, tokenEventProject } from './api-token.ts';
import { createApiTokenStore } from './api-token-store.ts';

export type NewTokenRequest = {
  tokenName: string;
  type: string;
  environment?: string;
  projects?: string[];
  expiresAt?: Date | null;
};

export type Actor = { name: string; userId: number | null };

/** Normalises the wire type: `backend` is the newer name of `client`. */
export function toTokenType(raw: string): ApiTokenType {
  const type = tokenTypeOf(raw);
  if (type) return type;
  throw new BadDataError(`"type" must be one of client, backend, frontend, admin; got "${raw}"`, [
    { message: `"type" must be one of client, backend, frontend, admin`, path: '/body/type' },
  ]);
}

/** The token type the wire names, or undefined for a name that is none (the route refuses it on validation). */
export function tokenTypeOf(raw: unknown): ApiTokenType | undefined {
  if (typeof raw !== 'string') return undefined;
  const type = raw.toLowerCase();
  if (type === 'backend' || type === 'client') return 'client';
  return type === 'frontend' || type === 'admin' ? type : undefined;
}

/** A secret kept instead of a generated one; `imported`: an existing token's, which may be short (0015). */
export type GivenSecret = { secret: string; imported?: boolean };

/**
 * A given secret's prefix must state the scope it is created with, as a generated one does; and only an imported
 * one may be shorter than the minimum, since SDKs already use it and refusing it would break them.
 */
function checkGivenSecret({ secret, imported }: GivenSecret, environment: string, projects: string[]): void {
  if (!imported && isWeakSecret(secret)) {
    const rule = `"secret" must have at least ${MIN_GIVEN_SECRET_LENGTH} characters`;
    throw new BadDataError(
      `${rule}; to keep an existing token's shorter secret, send "imported": true (admins only)`,
      [
        {
          message: `${rule}, or send "imported": true for an existing token's secret`,
          path: '/body/secret',
        },
      ],
    );
  }
  const expected = secretPrefix(projects, environment);
  if (!secret.startsWith(`${expected}.`)) {
    throw new BadDataError(
      `"secret" must start with "${expected}." for this token's projects and environment`,
      [{ message: `"secret" must start with "${expected}."`, path: '/body/secret' }],
    );
  }
}

export function createApiTokenService(db: Db) {
  const store = createApiTokenStore(db);
  const events = createEventStore(db);

  async function checkScope(type: ApiTokenType, environment: string, projects: string[]): Promise<void> {
    if (type === 'admin') {
      if (environment !== '*' || projects.join() !== '*') {
        throw new BadDataError(
          'Admin tokens cover every project and environment: use environment "*" and projects ["*"]',
          [{ message: 'admin tokens must have environment "*"', path: '/body/environment' }],
        );
      }
      return;
    }
    if (environment === '*') {
      throw new BadDataError(`A ${type} token cannot be scoped to all environments`, [
        { message: `"environment" must name one environment for ${type} tokens`, path: '/body/environment' },
      ]);
    }
    const [env] = await db.query('SELECT 1 FROM environments WHERE name = $1', [environment]);
    if (!env) {
      throw new BadDataError(`Environment=${environment} does not exist`, [
        { message: `environment "${environment}" does not exist`, path: '/body/environment' },
      ]);
    }
    const named = projects.filter((p) => p !== '*');
    if (named.length) {
      const found = await db.query<{ id: string }>('SELECT id FROM projects WHERE id = ANY($1)', [named]);
      const missing = named.filter((p) => !found.some((row) => row.id === p));
      if (missing.length) {
        throw new BadDataError(`Project=${missing.join(',')} does not exist`, [
          { message: `project "${missing[0]}" does not exist`, path: '/body/projects' },
        ]);
      }
    }
  }

  return {
    list: () => store.list(),
    /** The token a route names by its secret or display secret. */
    find: (key: string): Promise<ApiToken | undefined> => store.findByKey(key),
    async listByName(name: string): Promise<ApiToken[]> {
      return (await store.list()).filter((token) => token.tokenName === name);
    },
    /** Creates a token and returns it with its full secret, which is never shown again. */
    async create(
      request: NewTokenRequest,
      actor: Actor,
      given?: GivenSecret,
    ): Promise<ApiToken & { secret: string }> {
      const type = toTokenType(request.type);
      const environment = request.environment ?? (type === 'admin' ? '*' : 'development');
      const rawProjects = request.projects ?? ['*'];
      const projects = rawProjects.includes('*') ? ['*'] : [...new Set(rawProjects)];
      await checkScope(type, environment, projects);
      if (given) checkGivenSecret(given, environment, projects);
      const fullSecret = given?.secret ?? generateSecret(projects, environment);
      const token = await store.insert({
        secret: fullSecret,
        tokenName: request.tokenName,
        type,
        environment,
        projects,
        expiresAt: request.expiresAt ?? null,
      });
      await events.append({
        type: 'api-token-created',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: tokenEventProject(projects),
        environment,
        data: {
          tokenName: token.tokenName,
          type,
          environment,
          projects,
          ...(given?.imported ? { imported: true } : {}),
        },
      });
      return { ...token, secret: fullSecret };
    },
    /** Creates the tokens named in INIT_*_API_TOKENS that do not exist yet. */
    async ensureInitTokens(
      type: ApiTokenType,
      secrets: string[],
      warn: (message: string) => void = () => {},
    ): Promise<number> {
      let created = 0;
      for (const secret of secrets) {
        if (await store.findBySecret(secret)) continue;
        const scope = parseSecret(secret);
        if (!scope) continue;
        const projects = type === 'admin' ? ['*'] : scope.projects.length ? scope.projects : ['*'];
        const environment = type === 'admin' ? '*' : scope.environment;
        try {
          await this.create(
            { tokenName: `init-${type}-token-${created + 1}`, type, environment, projects },
            { name: 'system', userId: null },
            // The operator's own configuration names these, which SDKs may already use: kept as they are.
            { secret, imported: true },
          );
          created++;
        } catch (error) {
          // The project or environment in the secret may have been deleted since: warn, and start anyway.
          if (!(error instanceof BadDataError)) throw error;
          warn(`skipped an INIT_${type.toUpperCase()}_API_TOKENS token: ${error.message}`);
        }
      }
      return created;
    },
    async updateExpiry(key: string, expiresAt: Date, actor: Actor): Promise<void> {
      const token = await store.findByKey(key);
      if (!token) throw new NotFoundError('No API token with that secret');
      await store.updateExpiry(token.id, expiresAt);
      await events.append({
        type: 'api-token-updated',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: tokenEventProject(token.projects),
        data: { tokenName: token.tokenName, projects: token.projects, expiresAt },
        preData: { tokenName: token.tokenName, projects: token.projects, expiresAt: token.expiresAt },
      });
    },
    async delete(key: string, actor: Actor): Promise<void> {
      const token = await store.findByKey(key);
      if (!token) throw new NotFoundError('No API token with that secret');
      await store.delete(token.id);
      await events.append({
        type: 'api-token-deleted',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: tokenEventProject(token.projects),
        preData: {
          tokenName: token.tokenName,
          type: token.type,
          environment: token.environment,
          projects: token.projects,
        },
      });
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;

/** The flag model's port to the tokens scoped to a project or an environment being deleted, wired in app.ts. */
export const scopedTokensPort: ScopedTokensPort = {
  async deleteProjectTokens(db, project, actor) {
    const tokens = createApiTokenService(db);
    const own = (await tokens.list()).filter((t) => t.projects.length === 1 && t.projects[0] === project);
    for (const token of own) await tokens.delete(token.displaySecret, actor);
    return own.map((token) => token.tokenName);
  },
  async deleteEnvironmentTokens(db, environment, actor) {
    const tokens = createApiTokenService(db);
    const scoped = (await tokens.list()).filter((token) => token.environment === environment);
    for (const token of scoped) await tokens.delete(token.displaySecret, actor);
    return scoped.length;
  },
};
