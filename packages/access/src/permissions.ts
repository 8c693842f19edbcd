/**
 * The one permission catalogue: every permission a route can require, where it applies, and what the predefined
 * roles hold. Names and levels follow Unleash so its admin UI, SDK tooling and scripts read them unchanged.
 *
 * Domain only and free of server imports: the admin UI will import this file to hide what the caller may not do.
 */

/** Where a permission applies: the whole instance, one project, or one environment of one project. */
export type PermissionLevel = 'root' | 'project' | 'environment';

type PermissionEntry = {
  level: PermissionLevel;
  description: string;
  /** A broader permission that includes this one: holding it is enough (Unleash's granular project permissions). */
  includedIn?: string;
  /** Why a custom role may not hold it (decision record 0025); absent for every permission a custom role may hold. */
  notGrantable?: string;
};

/**
 * Why Unleash's read permissions for a project's settings are not offered: every signed-in user who sees the project
 * reads them (READ), so a role holding one would allow nothing more. They stay in the catalogue for Owners' grant lists.
 */
const READ_BY_EVERYONE = 'every user who sees the project reads these settings';

export const PERMISSIONS = {
  // Switchyard's own: the plain read (and acting on one's own account) every root role may do. Unleash declares such
  // routes with no permission at all; naming it keeps "every operation declares its permission" without exceptions.
  READ: {
    level: 'root',
    description: 'Read everything and manage your own account (any signed-in user)',
    notGrantable: 'every principal holds it',
  },
  ADMIN: {
    level: 'root',
    description: 'Everything: passes every permission check',
    notGrantable: 'only the predefined Admin role holds it',
  },

  CREATE_ADDON: { level: 'root', description: 'Create integrations' },
  UPDATE_ADDON: { level: 'root', description: 'Change integrations' },
  DELETE_ADDON: { level: 'root', description: 'Delete integrations' },
  CREATE_STRATEGY: { level: 'root', description: 'Define custom activation strategies' },
  UPDATE_STRATEGY: { level: 'root', description: 'Change, deprecate and reactivate strategy definitions' },
  DELETE_STRATEGY: { level: 'root', description: 'Delete custom strategy definitions' },
  UPDATE_APPLICATION: { level: 'root', description: 'Register, change and delete applications' },
  CREATE_CONTEXT_FIELD: { level: 'root', description: 'Create context fields' },
  UPDATE_CONTEXT_FIELD: { level: 'root', description: 'Change context fields and their legal values' },
  DELETE_CONTEXT_FIELD: { level: 'root', description: 'Delete context fields' },
  CREATE_PROJECT: { level: 'root', description: 'Create projects' },
  READ_ROLE: { level: 'root', description: 'Read roles' },
  CREATE_TAG_TYPE: { level: 'root', description: 'Create tag types' },
  UPDATE_TAG_TYPE: { level: 'root', description: 'Change tag types' },
  DELETE_TAG_TYPE: { level: 'root', description: 'Delete tag types' },
  CREATE_SEGMENT: { level: 'root', description: 'Create segments' },
  UPDATE_SEGMENT: { level: 'root', description: 'Change segments' },
  DELETE_SEGMENT: { level: 'root', description: 'Delete segments' },
  CREATE_CLIENT_API_TOKEN: { level: 'root', description: 'Create backend (client) API tokens' },
  READ_CLIENT_API_TOKEN: { level: 'root', description: 'Read backend (client) API tokens' },
  UPDATE_CLIENT_API_TOKEN: { level: 'root', description: 'Change backend (client) API tokens' },
  DELETE_CLIENT_API_TOKEN: { level: 'root', description: 'Delete backend (client) API tokens' },
  CREATE_FRONTEND_API_TOKEN: { level: 'root', description: 'Create frontend API tokens' },
  READ_FRONTEND_API_TOKEN: { level: 'root', description: 'Read frontend API tokens' },
  UPDATE_FRONTEND_API_TOKEN: { level: 'root', description: 'Change frontend API tokens' },
  DELETE_FRONTEND_API_TOKEN: { level: 'root', description: 'Delete frontend API tokens' },
  UPDATE_MAINTENANCE_MODE: { level: 'root', description: 'Turn maintenance mode on and off' },
  UPDATE_INSTANCE_BANNERS: { level: 'root', description: 'Create, change and delete banners' },
  RELEASE_PLAN_TEMPLATE_CREATE: { level: 'root', description: 'Create release templates' },
  RELEASE_PLAN_TEMPLATE_UPDATE: { level: 'root', description: 'Change and archive release templates' },
  RELEASE_PLAN_TEMPLATE_DELETE: { level: 'root', description: 'Delete release templates' },
  READ_LOGS: { level: 'root', description: 'Read instance logs and login history' },
  UPDATE_CORS: { level: 'root', description: 'Change the allowed CORS origins' },
  UPDATE_AUTH_CONFIGURATION: {
    level: 'root',
    description:
      'Read and change authentication settings (SSO): as strong as Admin, since the identity provider it names signs people in',
  },

  CREATE_FEATURE: { level: 'project', description: 'Create, clone and import flags' },
  UPDATE_FEATURE: {
    level: 'project',
    description: 'Change flags, their tags, links and lifecycle; revive them',
  },
  DELETE_FEATURE: { level: 'project', description: 'Archive flags and delete archived ones' },
  UPDATE_FEATURE_VARIANTS: {
    level: 'project',
    description: 'Change flag variants (deprecated in Unleash)',
    notGrantable: 'variants are changed per environment, with UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
  },
  MOVE_FEATURE_TOGGLE: {
    level: 'project',
    description: 'Move flags to another project (needed in both projects)',
  },
  UPDATE_FEATURE_DEPENDENCY: { level: 'project', description: 'Add and remove flag dependencies' },
  UPDATE_PROJECT: {
    level: 'project',
    description: 'Change a project: its settings, environments and access',
  },
  DELETE_PROJECT: { level: 'project', description: 'Delete a project' },
  READ_PROJECT_API_TOKEN: { level: 'project', description: 'Read the API tokens of a project' },
  CREATE_PROJECT_API_TOKEN: { level: 'project', description: 'Create API tokens for a project' },
  DELETE_PROJECT_API_TOKEN: { level: 'project', description: 'Delete API tokens of a project' },
  UPDATE_PROJECT_SEGMENT: { level: 'project', description: 'Change the segments of a project' },
  UPDATE_PROJECT_CONTEXT: {
    level: 'project',
    description: 'Create, change and delete the context fields of a project',
  },
  PROJECT_USER_ACCESS_READ: {
    level: 'project',
    description: 'Read who has access to a project',
    includedIn: 'UPDATE_PROJECT',
  },
  PROJECT_USER_ACCESS_WRITE: {
    level: 'project',
    description: 'Change who has access to a project',
    includedIn: 'UPDATE_PROJECT',
  },
  PROJECT_DEFAULT_STRATEGY_READ: {
    level: 'project',
    description: 'Read the default strategies of a project',
    includedIn: 'UPDATE_PROJECT',
    notGrantable: READ_BY_EVERYONE,
  },
  PROJECT_DEFAULT_STRATEGY_WRITE: {
    level: 'project',
    description: 'Change the default strategies of a project',
    includedIn: 'UPDATE_PROJECT',
  },
  PROJECT_CHANGE_REQUEST_READ: {
    level: 'project',
    description: 'Read the change request settings of a project',
    includedIn: 'UPDATE_PROJECT',
    notGrantable: READ_BY_EVERYONE,
  },
  PROJECT_CHANGE_REQUEST_WRITE: {
    level: 'project',
    description: 'Change the change request settings of a project',
    includedIn: 'UPDATE_PROJECT',
  },
  PROJECT_SETTINGS_READ: {
    level: 'project',
    description: 'Read the settings of a project',
    includedIn: 'UPDATE_PROJECT',
    notGrantable: READ_BY_EVERYONE,
  },
  PROJECT_SETTINGS_WRITE: {
    level: 'project',
    description: 'Change the settings of a project',
    includedIn: 'UPDATE_PROJECT',
  },

  CREATE_FEATURE_STRATEGY: { level: 'environment', description: 'Add strategies to flags' },
  UPDATE_FEATURE_STRATEGY: { level: 'environment', description: 'Change and reorder strategies of flags' },
  DELETE_FEATURE_STRATEGY: { level: 'environment', description: 'Delete strategies of flags' },
  UPDATE_FEATURE_ENVIRONMENT: { level: 'environment', description: 'Turn flags on and off' },
  UPDATE_FEATURE_ENVIRONMENT_VARIANTS: { level: 'environment', description: 'Change the variants of flags' },
  APPROVE_CHANGE_REQUEST: { level: 'environment', description: 'Approve or reject change requests' },
  APPLY_CHANGE_REQUEST: { level: 'environment', description: 'Apply change requests' },
  SKIP_CHANGE_REQUEST: {
    level: 'environment',
    description: 'Change without a change request where one is required',
  },
} as const satisfies Record<string, PermissionEntry>;

export type PermissionName = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[];

export function isPermissionName(name: string): name is PermissionName {
  return Object.hasOwn(PERMISSIONS, name);
}

/** Why a custom role may not hold the permission, or undefined when it may. */
export function whyNotGrantable(permission: PermissionName): string | undefined {
  return (PERMISSIONS[permission] as PermissionEntry).notGrantable;
}

/** What a custom role may hold, in catalogue order: what the role editor offers and `GET /api/admin/permissions` lists. */
export const GRANTABLE_PERMISSIONS: readonly PermissionName[] = PERMISSION_NAMES.filter(
  (name) => whyNotGrantable(name) === undefined,
);

export function levelOf(permission: PermissionName): PermissionLevel {
  return PERMISSIONS[permission].level;
}

/**
 * Whether holding `held` allows an operation that requires `required`. ADMIN passes every check except skipping a
 * change request, which must be granted on its own.
 */
export function grants(held: Iterable<PermissionName>, required: PermissionName): boolean {
  const broader: string | undefined = (PERMISSIONS[required] as PermissionEntry).includedIn;
  for (const name of held) {
    if (name === required || name === broader) return true;
    if (name === 'ADMIN' && required !== 'SKIP_CHANGE_REQUEST') return true;
  }
  return false;
}
