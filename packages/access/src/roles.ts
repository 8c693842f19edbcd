import { levelOf, PERMISSION_NAMES, type PermissionName, whyNotGrantable } from './permissions.ts';

/** Unleash's role types: predefined and custom, root and project. */
export type RoleType = 'root' | 'root-custom' | 'project' | 'custom';

/** One permission a role holds; environment permissions name their environment, `*` for every one. */
export type RolePermission = { permission: PermissionName; environment?: string };

export type Role = {
  id: number;
  name: string;
  description: string | null;
  type: RoleType;
  permissions: readonly RolePermission[];
};

export const isRootRoleType = (type: RoleType): boolean => type === 'root' || type === 'root-custom';
export const isPredefinedRoleType = (type: RoleType): boolean => type === 'root' || type === 'project';

/** The predefined roles' ids, the same as Unleash's on a fresh database. */
export const ROLE_IDS = { Admin: 1, Editor: 2, Viewer: 3, Owner: 4, Member: 5, Reader: 6 } as const;
export type PredefinedRootRole = 'Admin' | 'Editor' | 'Viewer';
export type PredefinedProjectRole = 'Owner' | 'Member' | 'Reader';

/** The project every Editor works in without being a member (Unleash's `default`). */
export const DEFAULT_PROJECT = 'default';

const everywhere = (permission: PermissionName): RolePermission =>
  levelOf(permission) === 'environment' ? { permission, environment: '*' } : { permission };

/** A project member's flag work, in every environment of the project. */
const FLAG_WORK: PermissionName[] = [
  'CREATE_FEATURE',
  'UPDATE_FEATURE',
  'DELETE_FEATURE',
  'UPDATE_FEATURE_VARIANTS',
  'UPDATE_FEATURE_DEPENDENCY',
  'CREATE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_STRATEGY',
  'DELETE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_ENVIRONMENT',
  'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
];

/**
 * Unleash's Editor: the instance-wide definitions (strategies, context fields, tag types, segments, integrations,
 * applications), creating projects, and backend and frontend API tokens, but no users, roles or instance settings.
 * Flag work comes from project roles, and in the default project from the Editor role itself (DEFAULT_PROJECT).
 */
const EDITOR: PermissionName[] = [
  'CREATE_PROJECT',
  'CREATE_STRATEGY',
  'UPDATE_STRATEGY',
  'DELETE_STRATEGY',
  'UPDATE_APPLICATION',
  'CREATE_CONTEXT_FIELD',
  'UPDATE_CONTEXT_FIELD',
  'DELETE_CONTEXT_FIELD',
  'CREATE_TAG_TYPE',
  'UPDATE_TAG_TYPE',
  'DELETE_TAG_TYPE',
  'CREATE_SEGMENT',
  'UPDATE_SEGMENT',
  'DELETE_SEGMENT',
  'CREATE_ADDON',
  'UPDATE_ADDON',
  'DELETE_ADDON',
  'CREATE_CLIENT_API_TOKEN',
  'READ_CLIENT_API_TOKEN',
  'UPDATE_CLIENT_API_TOKEN',
  'DELETE_CLIENT_API_TOKEN',
  'CREATE_FRONTEND_API_TOKEN',
  'READ_FRONTEND_API_TOKEN',
  'UPDATE_FRONTEND_API_TOKEN',
  'DELETE_FRONTEND_API_TOKEN',
];

/**
 * The predefined roles. Admin holds ADMIN alone, which passes every check but skipping a change request. The Owner
 * approves and applies change requests in every environment of its project, but skips none: Switchyard's choice, not
 * Unleash's, where no predefined role holds a change request permission (decision record 0030).
 */
export const PREDEFINED_ROLES: readonly Role[] = [
  {
    id: ROLE_IDS.Admin,
    name: 'Admin',
    type: 'root',
    description: 'Everything, including users, roles, groups, service accounts and API tokens',
    permissions: [{ permission: 'ADMIN' }],
  },
  {
    id: ROLE_IDS.Editor,
    name: 'Editor',
    type: 'root',
    description:
      'Instance-wide definitions, new projects, and flag work in the default project and the projects you are a member of',
    permissions: EDITOR.map(everywhere),
  },
  {
    id: ROLE_IDS.Viewer,
    name: 'Viewer',
    type: 'root',
    description: 'Read everything you can see, change nothing',
    permissions: [],
  },
  {
    id: ROLE_IDS.Owner,
    name: 'Owner',
    type: 'project',
    description:
      'Everything in the project: its flags, settings, access and API tokens, and approving and applying its change requests',
    permissions: PERMISSION_NAMES.filter(
      (name) => levelOf(name) !== 'root' && name !== 'SKIP_CHANGE_REQUEST',
    ).map(everywhere),
  },
  {
    id: ROLE_IDS.Member,
    name: 'Member',
    type: 'project',
    description: 'Create, change and archive flags and their strategies in every environment of the project',
    permissions: FLAG_WORK.map(everywhere),
  },
  {
    id: ROLE_IDS.Reader,
    name: 'Reader',
    type: 'project',
    description: 'Read the project, change nothing (membership of a private project without rights)',
    permissions: [],
  },
];

export const predefinedRole = (name: PredefinedRootRole | PredefinedProjectRole): Role =>
  PREDEFINED_ROLES.find((role) => role.name === name)!;

/** Why a role's permissions cannot be saved, or undefined when they can. */
export function invalidRolePermission(type: RoleType, permission: RolePermission): string | undefined {
  const level = levelOf(permission.permission);
  const notGrantable = whyNotGrantable(permission.permission);
  if (notGrantable) return `${permission.permission} cannot be granted by a custom role: ${notGrantable}`;
  if (isRootRoleType(type) && level !== 'root')
    return `${permission.permission} is a ${level} permission: a root role holds root permissions only`;
  if (!isRootRoleType(type) && level === 'root')
    return `${permission.permission} is a root permission: a project role holds project and environment permissions only`;
  if (level === 'environment' && !permission.environment)
    return `${permission.permission} is an environment permission: name its environment`;
  return undefined;
}
