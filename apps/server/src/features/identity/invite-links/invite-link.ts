/** A link people open to create their own account, with `rootRole`, until it expires or is turned off. */
export type InviteLink = {
  /** The stored SHA-256 hash of the secret, which itself is shown only once, when the link is created. */
  secretHash: string;
  /** The secret with most of it masked, for lists; admins may name the link by it. */
  displaySecret: string;
  name: string;
  enabled: boolean;
  expiresAt: Date;
  /** The root role people who sign up with it get. */
  rootRole: { id: number; name: string; description: string | null; type: 'root' | 'root-custom' };
  createdBy: string | null;
  createdAt: Date;
  /** The people who signed up with it. */
  users: { id: number; name: string | null; email: string | null; username: string | null }[];
};

export const usable = (link: InviteLink, now = Date.now()) => link.enabled && link.expiresAt.getTime() > now;
