/**
 * What other areas use of identity (people, groups, sign-in and tokens): users and groups, the single-sign-on and
 * SCIM settings, and API tokens. Other areas import identity only through this file (lint: switchyard/area-imports).
 */
export { createApiTokenService } from './api-tokens/api-token-service.ts';
export { createApiTokenStore } from './api-tokens/api-token-store.ts';
export { hashSecret, isExpired, secretPrefix, tokenEventProject } from './api-tokens/api-token.ts';
export { createGroupStore } from './groups/group-store.ts';
export { createScimSettingsStore } from './scim/scim-settings-store.ts';
export { createSsoSettingsStore } from './sso/sso-settings-store.ts';
export { signedInUserId } from './users/signed-in.ts';
export type { User } from './users/user.ts';
export { UserResponse } from './users/user-schemas.ts';
export { createUserStore } from './users/user-store.ts';
export { toUserResponse } from './users/user-wire.ts';
