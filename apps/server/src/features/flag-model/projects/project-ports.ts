import type { Db } from '../../../db/db.ts';
import type { Actor } from '../events/actor.ts';

/*
 * What projects and environments need of other areas while they change. The flag model imports no other area, so it
 * names what it needs here; governance and identity implement it and app.ts wires it in. Each call takes the
 * caller's transaction, so its effects commit with the change or not at all.
 */

/** Change-request settings (governance): turned on for a project environment as it is created or added. */
export type ChangeRequestSettingsPort = {
  /** Change requests on there; `requiredApprovals` as asked, within governance's bounds (1 when not given). */
  enable(
    db: Db,
    project: string,
    environment: string,
    requiredApprovals: number | null | undefined,
  ): Promise<void>;
};

/** Project membership (governance): whoever creates a project owns it. */
export type ProjectOwnersPort = {
  addOwner(db: Db, project: string, userId: number, actor: Actor): Promise<void>;
};

/** API tokens (identity) scoped to what is being deleted go with it. */
export type ScopedTokensPort = {
  /** Deletes the tokens scoped to this project alone; returns their names. */
  deleteProjectTokens(db: Db, project: string, actor: Actor): Promise<string[]>;
  /** Deletes the tokens scoped to this environment; returns how many. */
  deleteEnvironmentTokens(db: Db, environment: string, actor: Actor): Promise<number>;
};

export type ProjectPorts = {
  changeRequests: ChangeRequestSettingsPort;
  owners: ProjectOwnersPort;
  tokens: ScopedTokensPort;
};
