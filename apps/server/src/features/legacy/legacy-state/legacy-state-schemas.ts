import { Type } from 'typebox';
import { ConstraintBody } from '../../flag-model/flags/strategy-schemas.ts';

/** Wire shapes of the state file (legacy-state.ts). Items may carry more fields than these; they are ignored. */

const Text = Type.String({ minLength: 1, maxLength: 255 });
const OptionalText = Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]));
const list = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Array(item, { maxItems: 20_000 });

const StateConstraint = Type.Object({
  contextName: ConstraintBody.properties.contextName,
  operator: ConstraintBody.properties.operator,
  values: Type.Optional(Type.Array(Type.String())),
  value: Type.Optional(Type.String()),
  inverted: Type.Optional(Type.Boolean()),
  caseInsensitive: Type.Optional(Type.Boolean()),
});

export const StateBody = Type.Object(
  {
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    features: Type.Optional(
      list(
        Type.Object({
          name: Text,
          description: OptionalText,
          type: Type.Optional(Text),
          project: Type.Optional(Text),
          stale: Type.Optional(Type.Boolean()),
          impressionData: Type.Optional(Type.Boolean()),
        }),
      ),
    ),
    strategies: Type.Optional(
      list(
        Type.Object({
          name: Text,
          title: OptionalText,
          description: OptionalText,
          parameters: Type.Optional(
            Type.Array(
              Type.Object({
                name: Text,
                type: Type.String(),
                description: Type.Optional(Type.String()),
                required: Type.Optional(Type.Boolean()),
              }),
            ),
          ),
          deprecated: Type.Optional(Type.Boolean()),
          builtIn: Type.Optional(Type.Boolean()),
        }),
      ),
    ),
    projects: Type.Optional(list(Type.Object({ id: Text, name: Text, description: OptionalText }))),
    tagTypes: Type.Optional(list(Type.Object({ name: Text, description: OptionalText, icon: OptionalText }))),
    tags: Type.Optional(list(Type.Object({ type: Text, value: Text }))),
    featureTags: Type.Optional(list(Type.Object({ featureName: Text, tagType: Text, tagValue: Text }))),
    environments: Type.Optional(
      list(
        Type.Object({
          name: Text,
          type: Text,
          sortOrder: Type.Optional(Type.Integer()),
          enabled: Type.Optional(Type.Boolean()),
          protected: Type.Optional(Type.Boolean()),
        }),
      ),
    ),
    featureStrategies: Type.Optional(
      list(
        Type.Object({
          featureName: Text,
          environment: Text,
          strategyName: Text,
          title: OptionalText,
          disabled: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
          parameters: Type.Optional(Type.Record(Type.String(), Type.String())),
          constraints: Type.Optional(Type.Array(StateConstraint)),
          sortOrder: Type.Optional(Type.Integer()),
          segments: Type.Optional(Type.Array(Type.Integer())),
        }),
      ),
    ),
    featureEnvironments: Type.Optional(
      list(
        Type.Object({
          featureName: Text,
          environment: Text,
          enabled: Type.Boolean(),
          variants: Type.Optional(Type.Array(Type.Object({ name: Text }))),
        }),
      ),
    ),
    segments: Type.Optional(
      list(
        Type.Object({
          id: Type.Integer(),
          name: Text,
          description: OptionalText,
          project: Type.Optional(Type.Union([Text, Type.Null()])),
          constraints: Type.Array(StateConstraint),
        }),
      ),
    ),
  },
  {
    examples: [
      {
        version: 4,
        features: [{ name: 'new-checkout', project: 'default', type: 'release' }],
        featureStrategies: [
          {
            featureName: 'new-checkout',
            environment: 'development',
            strategyName: 'default',
            parameters: {},
          },
        ],
        featureEnvironments: [{ featureName: 'new-checkout', environment: 'development', enabled: true }],
      },
    ],
  },
);

const flag = (description: string) => Type.Optional(Type.Boolean({ description, default: true }));
export const ExportQuery = Type.Object(
  {
    format: Type.Optional(Type.String({ enum: ['json', 'yaml'], default: 'json' })),
    download: Type.Optional(
      Type.Boolean({ description: 'Answer as an attachment (export.json or export.yml).' }),
    ),
    featureToggles: flag('Flags, their strategies, environments and the segments.'),
    strategies: flag('Strategy definitions.'),
    projects: flag('Projects.'),
    tags: flag('Tag types, tags and flag tags.'),
    environments: flag('Environments.'),
  },
  { additionalProperties: false },
);

export const ImportQuery = Type.Object(
  {
    drop: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Delete every flag, active and archived, before importing.',
      }),
    ),
    keep: Type.Optional(
      Type.Boolean({
        default: true,
        description:
          'Leave flags, strategy definitions and segments that exist as they are; false gives them the file’s configuration.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const StateResponse = Type.Object(
  {
    version: Type.Integer(),
    features: Type.Array(Type.Unknown()),
    strategies: Type.Array(Type.Unknown()),
    projects: Type.Array(Type.Unknown()),
    tagTypes: Type.Array(Type.Unknown()),
    tags: Type.Array(Type.Unknown()),
    featureTags: Type.Array(Type.Unknown()),
    environments: Type.Array(Type.Unknown()),
    featureStrategies: Type.Array(Type.Unknown()),
    featureEnvironments: Type.Array(Type.Unknown()),
    segments: Type.Array(Type.Unknown()),
  },
  {
    description: 'The state file (version 4).',
    examples: [
      {
        version: 4,
        features: [{ name: 'new-checkout', type: 'release', project: 'default', stale: false }],
        strategies: [],
        projects: [{ id: 'default', name: 'Default' }],
        tagTypes: [{ name: 'simple', description: 'Used to simplify filtering of features', icon: null }],
        tags: [],
        featureTags: [],
        environments: [
          { name: 'development', type: 'development', sortOrder: 100, enabled: true, protected: false },
        ],
        featureStrategies: [
          {
            featureName: 'new-checkout',
            environment: 'development',
            strategyName: 'default',
            parameters: {},
          },
        ],
        featureEnvironments: [{ featureName: 'new-checkout', environment: 'development', enabled: true }],
        segments: [],
      },
    ],
  },
);
