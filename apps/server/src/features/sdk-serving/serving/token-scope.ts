import type { FlagDefinition } from '@switchyard/evaluation';

/** What an SDK token may see: one environment (or `*`) and its projects (or `*`). */
export type TokenScope = { type: string; environment: string; projects: string[] };

/** A client or frontend token served from memory: its secret, scope and, when it has one, its expiry (epoch ms). */
export type ServedToken = TokenScope & { token: string; expiresAt?: number };

const projectFilters = new WeakMap<TokenScope, ((flag: FlagDefinition) => boolean) | undefined>();

/** Which flags a token may have evaluated: all, or those in its projects (cached per scope object). */
export function projectFilter(scope: TokenScope): ((flag: FlagDefinition) => boolean) | undefined {
  if (!projectFilters.has(scope)) {
    const projects = new Set(scope.projects);
    projectFilters.set(scope, projects.has('*') ? undefined : (flag) => projects.has(String(flag.project)));
  }
  return projectFilters.get(scope);
}

/** Whether a token of scope `wide` sees at least every flag a token of scope `narrow` sees. */
export function covers(wide: TokenScope, narrow: TokenScope): boolean {
  if (wide.environment !== narrow.environment && wide.environment !== '*') return false;
  if (wide.projects.includes('*')) return true;
  return (
    !narrow.projects.includes('*') && narrow.projects.every((project) => wide.projects.includes(project))
  );
}
