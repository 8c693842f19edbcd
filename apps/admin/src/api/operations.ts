/**
 * Every server operation the admin UI calls, by its Unleash operationId. Keeping them in one table lets a test
 * hold the UI to the server's OpenAPI document (and to Unleash's paths) as the server grows.
 */
export const operations = {
  login: ['POST', '/auth/simple/login'],
  logout: ['POST', '/auth/logout'],
  getSignInMethods: ['GET', '/auth/methods'],
  getMe: ['GET', '/api/admin/user'],
  getUsers: ['GET', '/api/admin/user-admin'],
  createUser: ['POST', '/api/admin/user-admin'],
  updateUser: ['PUT', '/api/admin/user-admin/{id}'],
  deleteUser: ['DELETE', '/api/admin/user-admin/{id}'],
  changeUserPassword: ['POST', '/api/admin/user-admin/{id}/change-password'],
  changeMyPassword: ['POST', '/api/admin/user/change-password'],
  getPats: ['GET', '/api/admin/user/tokens'],
  createPat: ['POST', '/api/admin/user/tokens'],
  deletePat: ['DELETE', '/api/admin/user/tokens/{id}'],

  getMaintenance: ['GET', '/api/admin/maintenance'],
  toggleMaintenance: ['POST', '/api/admin/maintenance'],
  getApplications: ['GET', '/api/admin/metrics/applications'],
  getApplication: ['GET', '/api/admin/metrics/applications/{appName}'],
  createApplication: ['POST', '/api/admin/metrics/applications/{appName}'],
  deleteApplication: ['DELETE', '/api/admin/metrics/applications/{appName}'],
  getRawFeatureMetrics: ['GET', '/api/admin/client-metrics/features/{name}/raw'],

  getAllPublicSignupTokens: ['GET', '/api/admin/invite-link/tokens'],
  createPublicSignupToken: ['POST', '/api/admin/invite-link/tokens'],
  updatePublicSignupToken: ['PUT', '/api/admin/invite-link/tokens/{token}'],
  validatePublicSignupToken: ['GET', '/invite/{token}/validate'],
  addPublicSignupTokenUser: ['POST', '/invite/{token}/signup'],

  getServiceAccounts: ['GET', '/api/admin/service-account'],
  createServiceAccount: ['POST', '/api/admin/service-account'],
  updateServiceAccount: ['PUT', '/api/admin/service-account/{id}'],
  deleteServiceAccount: ['DELETE', '/api/admin/service-account/{id}'],
  createServiceAccountToken: ['POST', '/api/admin/service-account/{id}/token'],
  deleteServiceAccountToken: ['DELETE', '/api/admin/service-account/{id}/token/{tokenId}'],

  getBanners: ['GET', '/api/admin/banners'],
  createBanner: ['POST', '/api/admin/banners'],
  updateBanner: ['PUT', '/api/admin/banners/{id}'],
  enableBanner: ['POST', '/api/admin/banners/{id}/on'],
  disableBanner: ['POST', '/api/admin/banners/{id}/off'],
  deleteBanner: ['DELETE', '/api/admin/banners/{id}'],

  getProjects: ['GET', '/api/admin/projects'],
  createProject: ['POST', '/api/admin/projects'],
  updateProject: ['PUT', '/api/admin/projects/{projectId}'],
  deleteProject: ['DELETE', '/api/admin/projects/{projectId}'],
  getProjectOverview: ['GET', '/api/admin/projects/{projectId}/overview'],
  addEnvironmentToProject: ['POST', '/api/admin/projects/{projectId}/environments'],
  removeEnvironmentFromProject: ['DELETE', '/api/admin/projects/{projectId}/environments/{environment}'],

  searchFeatures: ['GET', '/api/admin/search/features'],
  validateFeature: ['POST', '/api/admin/features/validate'],
  createFeature: ['POST', '/api/admin/projects/{projectId}/features'],
  getFeature: ['GET', '/api/admin/projects/{projectId}/features/{featureName}'],
  updateFeature: ['PUT', '/api/admin/projects/{projectId}/features/{featureName}'],
  patchFeature: ['PATCH', '/api/admin/projects/{projectId}/features/{featureName}'],
  archiveFeature: ['DELETE', '/api/admin/projects/{projectId}/features/{featureName}'],
  cloneFeature: ['POST', '/api/admin/projects/{projectId}/features/{featureName}/clone'],
  toggleFeatureEnvironmentOn: [
    'POST',
    '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/on',
  ],
  toggleFeatureEnvironmentOff: [
    'POST',
    '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/off',
  ],
  bulkToggleFeaturesEnvironmentOn: [
    'POST',
    '/api/admin/projects/{projectId}/bulk_features/environments/{environment}/on',
  ],
  bulkToggleFeaturesEnvironmentOff: [
    'POST',
    '/api/admin/projects/{projectId}/bulk_features/environments/{environment}/off',
  ],
  staleFeatures: ['POST', '/api/admin/projects/{projectId}/stale'],
  archiveFeatures: ['POST', '/api/admin/projects/{projectId}/archive'],
  addTagToFeatures: ['PUT', '/api/admin/projects/{projectId}/tags'],
  exportFeatures: ['POST', '/api/admin/features-batch/export'],
  validateImport: ['POST', '/api/admin/features-batch/validate'],
  importToggles: ['POST', '/api/admin/features-batch/import'],
  listTags: ['GET', '/api/admin/features/{featureName}/tags'],
  addTag: ['POST', '/api/admin/features/{featureName}/tags'],
  removeTag: ['DELETE', '/api/admin/features/{featureName}/tags/{type}/{value}'],

  addFeatureStrategy: [
    'POST',
    '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies',
  ],
  updateFeatureStrategy: [
    'PUT',
    '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/{strategyId}',
  ],
  deleteFeatureStrategy: [
    'DELETE',
    '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/{strategyId}',
  ],
  setStrategySortOrder: [
    'POST',
    '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/set-sort-order',
  ],
  overwriteEnvironmentFeatureVariants: [
    'PUT',
    '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/variants',
  ],
  addFeatureDependency: ['POST', '/api/admin/projects/{projectId}/features/{child}/dependencies'],
  deleteFeatureDependency: [
    'DELETE',
    '/api/admin/projects/{projectId}/features/{child}/dependencies/{parent}',
  ],
  listParentOptions: ['GET', '/api/admin/projects/{projectId}/features/{child}/parents'],

  getAllStrategies: ['GET', '/api/admin/strategies'],
  createStrategy: ['POST', '/api/admin/strategies'],
  updateStrategy: ['PUT', '/api/admin/strategies/{name}'],
  removeStrategy: ['DELETE', '/api/admin/strategies/{name}'],
  deprecateStrategy: ['POST', '/api/admin/strategies/{strategyName}/deprecate'],
  reactivateStrategy: ['POST', '/api/admin/strategies/{strategyName}/reactivate'],

  getSegments: ['GET', '/api/admin/segments'],
  createSegment: ['POST', '/api/admin/segments'],
  updateSegment: ['PUT', '/api/admin/segments/{id}'],
  removeSegment: ['DELETE', '/api/admin/segments/{id}'],
  getStrategiesBySegmentId: ['GET', '/api/admin/segments/{id}/strategies'],

  getContextFields: ['GET', '/api/admin/context'],
  createContextField: ['POST', '/api/admin/context'],
  updateContextField: ['PUT', '/api/admin/context/{contextField}'],
  deleteContextField: ['DELETE', '/api/admin/context/{contextField}'],

  getAllEnvironments: ['GET', '/api/admin/environments'],
  createEnvironment: ['POST', '/api/admin/environments'],
  updateEnvironment: ['PUT', '/api/admin/environments/update/{name}'],
  removeEnvironment: ['DELETE', '/api/admin/environments/{name}'],
  updateSortOrder: ['PUT', '/api/admin/environments/sort-order'],
  toggleEnvironmentOn: ['POST', '/api/admin/environments/{name}/on'],
  toggleEnvironmentOff: ['POST', '/api/admin/environments/{name}/off'],

  getAllFeatureTypes: ['GET', '/api/admin/feature-types'],
  updateFeatureTypeLifetime: ['PUT', '/api/admin/feature-types/{id}/lifetime'],

  getTags: ['GET', '/api/admin/tags'],
  createTag: ['POST', '/api/admin/tags'],
  deleteTag: ['DELETE', '/api/admin/tags/{type}/{value}'],
  getTagTypes: ['GET', '/api/admin/tag-types'],
  createTagType: ['POST', '/api/admin/tag-types'],
  updateTagType: ['PUT', '/api/admin/tag-types/{name}'],
  deleteTagType: ['DELETE', '/api/admin/tag-types/{name}'],

  getAllApiTokens: ['GET', '/api/admin/api-tokens'],
  createApiToken: ['POST', '/api/admin/api-tokens'],
  deleteApiToken: ['DELETE', '/api/admin/api-tokens/{token}'],

  reviveFeature: ['POST', '/api/admin/archive/revive/{featureName}'],
  deleteFeature: ['DELETE', '/api/admin/archive/{featureName}'],

  searchEvents: ['GET', '/api/admin/search/events'],
  getEventCreators: ['GET', '/api/admin/event-creators'],

  getPlayground: ['POST', '/api/admin/playground'],

  getProjectAccess: ['GET', '/api/admin/projects/{projectId}/access'],
  addAccessToProject: ['POST', '/api/admin/projects/{projectId}/access'],
  setRolesForUser: ['PUT', '/api/admin/projects/{projectId}/users/{userId}/roles'],
  removeUserAccess: ['DELETE', '/api/admin/projects/{projectId}/users/{userId}/roles'],
  setRolesForGroup: ['PUT', '/api/admin/projects/{projectId}/groups/{groupId}/roles'],
  removeGroupAccess: ['DELETE', '/api/admin/projects/{projectId}/groups/{groupId}/roles'],
  getBaseUsersAndGroups: ['GET', '/api/admin/user-admin/access'],
  getUserPermissions: ['GET', '/api/admin/user-admin/{id}/permissions'],
} as const satisfies Record<string, readonly [Method, string]>;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type OperationId = keyof typeof operations;

/**
 * Operations Switchyard adds where Unleash OSS has none (its enterprise edition has the same paths), so the
 * compatibility test does not expect them in the OSS list.
 */
export const beyondOss: OperationId[] = [
  'logout',
  'getSignInMethods',
  'createProject',
  'updateProject',
  'deleteProject',
  'createEnvironment',
  'updateEnvironment',
  'removeEnvironment',
  'getServiceAccounts',
  'createServiceAccount',
  'updateServiceAccount',
  'deleteServiceAccount',
  'createServiceAccountToken',
  'deleteServiceAccountToken',
  'getBanners',
  'createBanner',
  'updateBanner',
  'enableBanner',
  'disableBanner',
  'deleteBanner',
  // Unleash Enterprise's project access and permission overview.
  'getProjectAccess',
  'addAccessToProject',
  'setRolesForUser',
  'removeUserAccess',
  'setRolesForGroup',
  'removeGroupAccess',
  'getUserPermissions',
];
