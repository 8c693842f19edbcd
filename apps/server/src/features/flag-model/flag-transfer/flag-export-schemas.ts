import { type Static, Type } from 'typebox';
import { Nullable } from '../flags/nullable-schema.ts';
import { ConstraintResponse } from '../flags/strategy-schemas.ts';
import { StrategyVariantResponse, VariantResponse } from '../flags/variant-schemas.ts';

/** Unleash's exportQuerySchema, with `features`, `tag` and `project` combinable. */
export const ExportQueryBody = Type.Object(
  {
    environment: Type.String({ minLength: 1, description: 'The environment to export the flags from.' }),
    features: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        description: 'Names of active flags to export; every name must exist.',
      }),
    ),
    tag: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Export the flags carrying this tag: `type:value`, or a bare value of any tag type.',
      }),
    ),
    project: Type.Optional(Type.String({ minLength: 1, description: 'Export the flags of this project.' })),
    downloadFile: Type.Optional(
      Type.Boolean({ description: 'Answer with a Content-Disposition header, so browsers save a file.' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Which flags to export. Give at least one of `features`, `tag` and `project`; all given apply.',
    examples: [
      { environment: 'production', project: 'shop' },
      { environment: 'development', features: ['new-checkout'] },
    ],
  },
);
export type ExportQueryBody = Static<typeof ExportQueryBody>;

const exampleExport = {
  features: [
    {
      name: 'new-checkout',
      type: 'release',
      description: 'The redesigned checkout',
      project: 'shop',
      stale: false,
      impressionData: false,
    },
  ],
  featureStrategies: [
    {
      name: 'flexibleRollout',
      id: '6b5157cb-343a-41e7-bfa3-7b4ec3044840',
      featureName: 'new-checkout',
      title: 'Half of the users',
      parameters: { rollout: '50', stickiness: 'default', groupId: 'new-checkout' },
      constraints: [
        { contextName: 'region', operator: 'IN', values: ['eu'], inverted: false, caseInsensitive: false },
      ],
      variants: [],
      segments: [1],
      sortOrder: 0,
      disabled: false,
    },
  ],
  featureEnvironments: [
    {
      name: 'new-checkout',
      featureName: 'new-checkout',
      environment: 'production',
      enabled: true,
      variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    },
  ],
  contextFields: [
    {
      name: 'region',
      description: 'Where the user is served from',
      stickiness: false,
      sortOrder: 10,
      legalValues: [{ value: 'eu' }, { value: 'us' }],
      project: null,
    },
  ],
  featureTags: [{ featureName: 'new-checkout', tagType: 'simple', tagValue: 'checkout' }],
  segments: [{ id: 1, name: 'beta-testers' }],
  tagTypes: [{ name: 'simple', description: 'Arbitrary labels', icon: null, color: null }],
  dependencies: [
    { feature: 'new-checkout', dependencies: [{ feature: 'payments-v2', enabled: true, variants: [] }] },
  ],
};

const ExportedFeature = Type.Object({
  name: Type.String(),
  type: Type.String({ description: 'The flag type, such as release or kill-switch.' }),
  description: Nullable(Type.String()),
  project: Type.String({ description: 'The project the flag was exported from.' }),
  stale: Type.Boolean(),
  impressionData: Type.Boolean(),
});

const ExportedStrategy = Type.Object({
  name: Type.String({ description: 'The strategy type.' }),
  id: Type.String({ description: 'The id in this instance; an import assigns new ids.' }),
  featureName: Type.String(),
  title: Nullable(Type.String()),
  parameters: Type.Record(Type.String(), Type.String()),
  constraints: Type.Array(ConstraintResponse),
  variants: Type.Array(StrategyVariantResponse),
  segments: Type.Array(Type.Integer(), { description: 'Segment ids; `segments` gives their names.' }),
  sortOrder: Type.Integer(),
  disabled: Type.Boolean(),
});

const ExportedFeatureEnvironment = Type.Object({
  name: Type.String({ description: 'The flag, as Unleash writes it here.' }),
  featureName: Type.String(),
  environment: Type.String({ description: 'The environment exported from.' }),
  enabled: Type.Boolean(),
  variants: Type.Array(VariantResponse),
});

const ExportedContextField = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  stickiness: Type.Boolean(),
  sortOrder: Type.Integer(),
  legalValues: Type.Array(Type.Object({ value: Type.String(), description: Type.Optional(Type.String()) })),
  project: Nullable(Type.String()),
});

const ExportedDependencies = Type.Object({
  feature: Type.String({ description: 'The child flag.' }),
  dependencies: Type.Array(
    Type.Object({
      feature: Type.String({ description: 'The parent flag.' }),
      enabled: Type.Boolean(),
      variants: Type.Optional(Type.Array(Type.String())),
    }),
  ),
});

/** Unleash's exportResultSchema; also what `data` of an import takes. */
export const ExportResultResponse = Type.Object(
  {
    features: Type.Array(ExportedFeature, { description: 'The exported flags, by name.' }),
    featureStrategies: Type.Array(ExportedStrategy, {
      description: 'The strategies of the flags in the exported environment.',
    }),
    featureEnvironments: Type.Array(ExportedFeatureEnvironment, {
      description: 'Whether each flag is on in the exported environment, and its variants there.',
    }),
    contextFields: Type.Array(ExportedContextField, {
      description: 'Context fields the strategies and variants refer to.',
    }),
    featureTags: Type.Array(
      Type.Object({ featureName: Type.String(), tagType: Type.String(), tagValue: Type.String() }),
      { description: 'The tags on the flags.' },
    ),
    segments: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }), {
      description: 'The segments the strategies use; an import finds them by name.',
    }),
    tagTypes: Type.Array(
      Type.Object({
        name: Type.String(),
        description: Nullable(Type.String()),
        icon: Nullable(Type.String()),
        color: Nullable(Type.String()),
      }),
      { description: 'The tag types of the tags.' },
    ),
    dependencies: Type.Array(ExportedDependencies, { description: 'The parents of the flags.' }),
  },
  { examples: [exampleExport] },
);
export type ExportResultResponse = Static<typeof ExportResultResponse>;

export { exampleExport };
