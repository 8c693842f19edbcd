import type { RootRole } from '../../http/auth.ts';

export type User = {
  id: number;
  username: string | null;
  email: string | null;
  name: string | null;
  rootRole: RootRole;
  createdAt: Date;
  seenAt: Date | null;
  /** A service account: acts through its tokens only, never signs in. */
  isService: boolean;
};

export const ROOT_ROLES: RootRole[] = ['Admin', 'Editor', 'Viewer'];

/** Unleash's numeric ids of the three root roles, used on the wire. */
export const ROOT_ROLE_IDS: Record<RootRole, number> = { Admin: 1, Editor: 2, Viewer: 3 };

export const ROOT_ROLE_DESCRIPTIONS: Record<RootRole, string> = {
  Admin: 'Everything, including users, service accounts and API tokens',
  Editor: 'Create and change flags, segments and projects',
  Viewer: 'Read everything, change nothing',
};
