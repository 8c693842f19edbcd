import { Type } from 'typebox';

const Periods = (keys: string[]) => Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Integer()])));

const example = {
  instanceId: '4d1e2c8a-6f0b-4a57-9d0e-0b1f2f1a9c11',
  timestamp: '2026-11-26T10:00:00.000Z',
  users: 42,
  serviceAccounts: 3,
  activeUsers: { last7: 20, last30: 35, last60: 38, last90: 40 },
  productionChanges: { last30: 120, last60: 210, last90: 305 },
  featureToggles: 380,
  archivedFeatureToggles: 95,
  projects: 12,
  contextFields: 9,
  roles: 8,
  customRootRoles: 1,
  customRootRolesInUse: 1,
  groups: 4,
  environments: 3,
  segments: 15,
  strategies: 2,
  clientApps: [
    { range: 'allTime', count: 31 },
    { range: '30d', count: 24 },
    { range: '7d', count: 22 },
  ],
  featureExports: 2,
  featureImports: 1,
  apiTokens: { admin: 2, client: 18, frontend: 5 },
  maxEnvironmentStrategies: 6,
  maxConstraints: 4,
  maxConstraintValues: 250,
  OIDCenabled: true,
  SAMLenabled: false,
  SCIMenabled: false,
  passwordAuthEnabled: true,
  sum: '9c1185a5c5e9fc54612808977ee8f548b2258d31b2c0b2b7f0e3b6b5c2a1d0e4',
};

export const InstanceStatsResponse = Type.Object(
  {
    instanceId: Type.String({ description: 'A random id made once per installation.' }),
    timestamp: Type.String({ format: 'date-time' }),
    users: Type.Integer({ description: 'People (service accounts not counted).' }),
    serviceAccounts: Type.Integer(),
    activeUsers: Periods(['last7', 'last30', 'last60', 'last90']),
    productionChanges: Periods(['last30', 'last60', 'last90']),
    featureToggles: Type.Integer({ description: 'Flags that are not archived.' }),
    archivedFeatureToggles: Type.Integer(),
    projects: Type.Integer(),
    contextFields: Type.Integer(),
    roles: Type.Integer(),
    customRootRoles: Type.Integer(),
    customRootRolesInUse: Type.Integer(),
    groups: Type.Integer(),
    environments: Type.Integer(),
    segments: Type.Integer(),
    strategies: Type.Integer({ description: 'Custom strategy definitions.' }),
    clientApps: Type.Array(
      Type.Object({ range: Type.String({ enum: ['allTime', '30d', '7d'] }), count: Type.Integer() }),
    ),
    featureExports: Type.Integer(),
    featureImports: Type.Integer(),
    apiTokens: Periods(['admin', 'client', 'frontend']),
    maxEnvironmentStrategies: Type.Integer(),
    maxConstraints: Type.Integer(),
    maxConstraintValues: Type.Integer(),
    OIDCenabled: Type.Boolean(),
    SAMLenabled: Type.Boolean(),
    SCIMenabled: Type.Boolean(),
    passwordAuthEnabled: Type.Boolean(),
    sum: Type.String({
      description:
        'Hex SHA-256 of the instance id and the counts of users, flags, projects, roles, groups, environments and segments, concatenated.',
    }),
  },
  { examples: [example] },
);

export const TelemetrySettingsResponse = Type.Object(
  { versionInfoCollectionEnabled: Type.Boolean(), featureInfoCollectionEnabled: Type.Boolean() },
  { examples: [{ versionInfoCollectionEnabled: false, featureInfoCollectionEnabled: false }] },
);
