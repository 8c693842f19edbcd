import { SCIM, type ScimGroup, type ScimUser } from './scim.ts';

/** SCIM resources as RFC 7643 shapes them; `base` is where the SCIM endpoint is served, for `meta.location`. */
export function toUserResource(user: ScimUser, base: string) {
  return {
    schemas: [SCIM.user],
    id: user.id,
    ...(user.externalId !== null && { externalId: user.externalId }),
    userName: user.userName,
    ...(user.name !== null && { displayName: user.name, name: { formatted: user.name } }),
    emails: user.email === null ? [] : [{ value: user.email, type: 'work', primary: true }],
    active: user.active,
    meta: {
      resourceType: 'User',
      created: user.createdAt.toISOString(),
      location: `${base}/Users/${user.id}`,
    },
  };
}

export function toGroupResource(group: ScimGroup, base: string) {
  return {
    schemas: [SCIM.group],
    id: group.id,
    ...(group.externalId !== null && { externalId: group.externalId }),
    displayName: group.displayName,
    members: group.members.map((member) => ({
      value: member.value,
      $ref: `${base}/Users/${member.value}`,
      ...(member.display !== null && { display: member.display }),
    })),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      location: `${base}/Groups/${group.id}`,
    },
  };
}

export function toListResponse<T>(resources: T[], total: number, startIndex: number) {
  return {
    schemas: [SCIM.list],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** RFC 7644 §5: what this SCIM endpoint supports, for providers that ask before they provision. */
export function serviceProviderConfig(docsUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: docsUrl,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'SCIM token',
        description: 'The token generated in Switchyard under Admin, SCIM, sent as a Bearer token.',
        primary: true,
      },
    ],
  };
}
