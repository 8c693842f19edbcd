/** A named set of users that holds a root role and project roles for all of them. */
export type Group = {
  id: number;
  name: string;
  description: string | null;
  /** SSO group names that make a user a member at sign-in. */
  mappingsSso: string[];
  rootRole: number | null;
  createdBy: string | null;
  createdAt: Date;
  users: GroupUser[];
  /** The projects where the group holds a role. */
  projects: string[];
  /** Set when an identity provider manages the group through SCIM: its name and members change there. */
  scimId: string | null;
  scimExternalId: string | null;
};

export type GroupUser = {
  joinedAt: Date;
  createdBy: string | null;
  user: {
    id: number;
    name: string | null;
    username: string | null;
    email: string | null;
    isService: boolean;
  };
};

export type GroupInput = {
  name: string;
  description: string | null;
  mappingsSso: string[];
  rootRole: number | null;
  userIds: number[];
  /** For a group SCIM creates: the id SCIM knows it by and the provider's own. */
  scim?: { id: string; externalId: string | null };
};
