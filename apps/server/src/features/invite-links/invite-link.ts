import type { RootRole } from '../../http/auth.ts';

/** A link people open to create their own account, with `rootRole`, until it expires or is turned off. */
export type InviteLink = {
  secret: string;
  name: string;
  enabled: boolean;
  expiresAt: Date;
  rootRole: RootRole;
  createdBy: string | null;
  createdAt: Date;
  /** The people who signed up with it. */
  users: { id: number; name: string | null; email: string | null; username: string | null }[];
};

export const usable = (link: InviteLink, now = Date.now()) => link.enabled && link.expiresAt.getTime() > now;
