import { MAX_FLAG_NAME_LENGTH } from '@switchyard/rules';
import { Type, type Static } from 'typebox';
import { Nullable } from './nullable-schema.ts';
import { exampleStrategy, StrategyResponse } from './strategy-schemas.ts';
import { exampleVariants, VariantResponse } from './variant-schemas.ts';

const DateTime = Type.String({ format: 'date-time' });
const NullableDateTime = Nullable(DateTime);
const Tag = Type.Object({ type: Type.String(), value: Type.String() });

export const ProjectParams = Type.Object({ projectId: Type.String() });
export const FlagParams = Type.Object({ projectId: Type.String(), featureName: Type.String() });
export const EnvironmentParams = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
});

const FeatureEnvironmentResponse = Type.Object({
  name: Type.String({ description: 'The environment.' }),
  featureName: Type.String(),
  environment: Type.String(),
  type: Type.String(),
  enabled: Type.Boolean(),
  sortOrder: Type.Integer(),
  variantCount: Type.Integer(),
  strategies: Type.Array(StrategyResponse),
  variants: Type.Array(VariantResponse),
  lastSeenAt: NullableDateTime,
  hasStrategies: Type.Boolean(),
  hasEnabledStrategies: Type.Boolean(),
});

const exampleFeature = {
  name: 'new-checkout',
  type: 'release',
  description: 'The redesigned checkout',
  project: 'default',
  stale: false,
  impressionData: false,
  archived: false,
  archivedAt: null,
  createdAt: '2026-01-15T10:00:00.000Z',
  lastSeenAt: null,
  favorite: false,
  environments: [
    {
      name: 'development',
      featureName: 'new-checkout',
      environment: 'development',
      type: 'development',
      enabled: true,
      sortOrder: 100,
      variantCount: 2,
      strategies: [exampleStrategy],
      variants: exampleVariants,
      lastSeenAt: null,
      hasStrategies: true,
      hasEnabledStrategies: true,
    },
  ],
  variants: exampleVariants,
  dependencies: [],
  children: [],
  tags: [{ type: 'simple', value: 'checkout' }],
  links: [
    {
      id: 'f3c3c1f4-1b8e-4c55-9d55-2f5bd0f4c1aa',
      url: 'https://tracker.example.com/SHOP-12',
      title: 'SHOP-12',
    },
  ],
  lifecycle: { stage: 'pre-live', enteredStageAt: '2026-01-15T10:05:00.000Z' },
  collaborators: { users: [{ id: 3, name: 'Alice', imageUrl: '' }] },
};

export const FeatureResponse = Type.Object(
  {
    name: Type.String(),
    type: Type.String(),
    description: Nullable(Type.String()),
    project: Type.String(),
    stale: Type.Boolean(),
    impressionData: Type.Boolean(),
    archived: Type.Boolean(),
    archivedAt: NullableDateTime,
    createdAt: DateTime,
    lastSeenAt: NullableDateTime,
    favorite: Type.Boolean(),
    createdBy: Type.Optional(
      Type.Object({ id: Type.Integer(), name: Type.String(), imageUrl: Type.String() }),
    ),
    environments: Type.Array(FeatureEnvironmentResponse),
    variants: Type.Array(VariantResponse, {
      description: 'Variants of the first environment that has any; prefer environments[].variants.',
    }),
    dependencies: Type.Array(
      Type.Object({ feature: Type.String(), enabled: Type.Boolean(), variants: Type.Array(Type.String()) }),
    ),
    children: Type.Array(Type.String(), { description: 'Active flags that depend on this one.' }),
    tags: Type.Array(Tag),
    links: Type.Array(Type.Object({ id: Type.String(), url: Type.String(), title: Nullable(Type.String()) })),
    lifecycle: Type.Object({ stage: Type.String(), enteredStageAt: DateTime }),
    collaborators: Type.Object(
      {
        users: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), imageUrl: Type.String() }), {
          description: 'Users whose changes to the flag are recorded, the most recent first.',
        }),
      },
      { description: 'Who worked on the flag.' },
    ),
  },
  { examples: [exampleFeature] },
);

const FeatureListItem = Type.Object({
  name: Type.String(),
  type: Type.String(),
  description: Nullable(Type.String()),
  project: Type.String(),
  stale: Type.Boolean(),
  impressionData: Type.Boolean(),
  archived: Type.Boolean(),
  createdAt: DateTime,
  lastSeenAt: NullableDateTime,
  favorite: Type.Boolean(),
  dependencyType: Nullable(Type.String({ enum: ['parent', 'child'] })),
  tags: Type.Array(Tag),
  environments: Type.Array(
    Type.Object({
      name: Type.String(),
      type: Type.String(),
      sortOrder: Type.Integer(),
      enabled: Type.Boolean(),
      variantCount: Type.Integer(),
      lastSeenAt: NullableDateTime,
      hasStrategies: Type.Boolean(),
      hasEnabledStrategies: Type.Boolean(),
    }),
  ),
});

const {
  variants: _v,
  dependencies: _d,
  children: _c,
  links: _l,
  lifecycle: _lc,
  collaborators: _co,
  archivedAt: _a,
  ...exampleListed
} = exampleFeature;
const exampleListItem = {
  ...exampleListed,
  dependencyType: null,
  environments: [
    {
      name: 'development',
      type: 'development',
      sortOrder: 100,
      enabled: true,
      variantCount: 2,
      lastSeenAt: null,
      hasStrategies: true,
      hasEnabledStrategies: true,
    },
  ],
};

export const FeatureListResponse = Type.Object(
  { version: Type.Integer(), features: Type.Array(FeatureListItem) },
  { examples: [{ version: 1, features: [exampleListItem] }] },
);

export const FeatureListQuery = Type.Object({
  namePrefix: Type.Optional(Type.String({ description: 'Only flags whose name starts with this.' })),
  tag: Type.Optional(
    Type.Array(Type.String({ pattern: '^[^:]+:.+$' }), {
      description: 'Only flags with one of these `type:value` tags.',
    }),
  ),
});

export const CreateFeatureBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      description: `Unique, URL-friendly, at most ${MAX_FLAG_NAME_LENGTH} characters.`,
    }),
    type: Type.Optional(Type.String({ minLength: 1, description: 'A flag type id; `release` by default.' })),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    impressionData: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'new-checkout',
        type: 'release',
        description: 'The redesigned checkout',
        impressionData: false,
      },
    ],
  },
);
export type CreateFeatureBody = Static<typeof CreateFeatureBody>;

export const UpdateFeatureBody = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'If sent, must equal the name in the path.' })),
    type: Type.Optional(Type.String({ minLength: 1 })),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    stale: Type.Optional(Type.Boolean()),
    impressionData: Type.Optional(Type.Boolean()),
    archived: Type.Optional(Type.Boolean({ description: 'Only `false` is accepted; archive with DELETE.' })),
    createdAt: Type.Optional(
      Type.String({ description: 'Ignored, so a flag read with GET can be sent back.' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ type: 'release', description: 'The redesigned checkout, now with wallets', stale: false }],
  },
);
export type UpdateFeatureBody = Static<typeof UpdateFeatureBody>;

export const PatchBody = Type.Array(
  Type.Object(
    {
      op: Type.String({ enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] }),
      path: Type.String(),
      from: Type.Optional(Type.String()),
      value: Type.Optional(Type.Unknown()),
    },
    { additionalProperties: false },
  ),
  {
    description: 'RFC 6902 JSON Patch operations.',
    examples: [[{ op: 'replace', path: '/stale', value: true }]],
  },
);
export type PatchBody = Static<typeof PatchBody>;

export const ValidateFeatureBody = Type.Object(
  { name: Type.String({ description: 'The name to check.' }) },
  { additionalProperties: false, examples: [{ name: 'new-checkout' }] },
);

export const CloneFeatureBody = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'Name of the copy.' }),
    replaceGroupId: Type.Optional(
      Type.Boolean({ description: 'Use the new name as the strategies’ groupId (default true).' }),
    ),
  },
  { additionalProperties: false, examples: [{ name: 'new-checkout-v2', replaceGroupId: true }] },
);

export const FeatureNamesBody = Type.Object(
  { features: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }) },
  { additionalProperties: false, examples: [{ features: ['new-checkout', 'dark-mode'] }] },
);

export const StaleBody = Type.Object(
  { features: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }), stale: Type.Boolean() },
  { additionalProperties: false, examples: [{ features: ['new-checkout'], stale: true }] },
);

export const ValidateArchiveResponse = Type.Object(
  {
    parentsWithChildFeatures: Type.Array(Type.String(), {
      description: 'Listed flags that active flags outside the list depend on; archiving would fail.',
    }),
    hasDeletedDependencies: Type.Boolean({ description: 'Whether archiving removes dependency links.' }),
  },
  { examples: [{ parentsWithChildFeatures: [], hasDeletedDependencies: false }] },
);

export const ToggleQuery = Type.Object({
  shouldActivateDisabledStrategies: Type.Optional(
    Type.Boolean({
      description: 'When turning on, re-activate disabled strategies instead of adding a default one.',
    }),
  ),
});

export const FeatureEnvironmentResponseBody = Type.Object(
  {
    name: Type.String({ description: 'The flag name.' }),
    environment: Type.String(),
    type: Type.String(),
    enabled: Type.Boolean(),
    sortOrder: Type.Integer(),
    strategies: Type.Array(StrategyResponse),
    variants: Type.Array(VariantResponse),
    lastSeenAt: NullableDateTime,
  },
  {
    examples: [
      {
        name: 'new-checkout',
        environment: 'development',
        type: 'development',
        enabled: true,
        sortOrder: 100,
        strategies: [exampleStrategy],
        variants: exampleVariants,
        lastSeenAt: null,
      },
    ],
  },
);

export const ChangeProjectBody = Type.Object(
  { newProjectId: Type.String({ minLength: 1, description: 'The project to move the flag to.' }) },
  { additionalProperties: false, examples: [{ newProjectId: 'checkout' }] },
);
