export type User = {
  id: number;
  username: string | null;
  email: string | null;
  name: string | null;
  /** The id of the root role: Admin, Editor, Viewer or a custom root role. */
  rootRole: number;
  rootRoleName: string;
  createdAt: Date;
  seenAt: Date | null;
  /** A service account: acts through its tokens only, never signs in. */
  isService: boolean;
  /** Set when an identity provider manages this user through SCIM: edits belong there. */
  scimId: string | null;
  /** False once SCIM deactivated the user: no sign-in, no session, no token. */
  active: boolean;
};
