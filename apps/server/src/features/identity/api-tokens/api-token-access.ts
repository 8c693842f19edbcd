import {
  type Access,
  type ApiTokenAction,
  apiTokenPermission,
  type ApiTokenKind,
  type PermissionName,
} from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { hiddenProjects } from '../../flag-model/projects/hidden-projects.ts';

/** What the rule looks at in a token: its kind and the projects it reaches (`*`: every one). */
export type TokenReach = { type: ApiTokenKind; projects: readonly string[] };

/**
 * The permission an action on a token needs, for one caller: its kind's (CREATE_CLIENT_API_TOKEN and the like), but
 * ADMIN for an admin token and for a token that reaches a private project the caller is no member of, since it would
 * read that project's flags (a token for every project reaches them all). Loads the hidden projects once, so a list
 * asks it per token.
 */
export async function tokenPermissionRule(
  db: Db,
  access: Access | undefined,
): Promise<(action: ApiTokenAction, token: TokenReach) => PermissionName> {
  const hidden = await hiddenProjects(db, access);
  return (action, token) => {
    const reachesHidden =
      hidden.length > 0 &&
      (token.projects.includes('*') || token.projects.some((project) => hidden.includes(project)));
    return reachesHidden ? 'ADMIN' : apiTokenPermission(action, token.type);
  };
}
