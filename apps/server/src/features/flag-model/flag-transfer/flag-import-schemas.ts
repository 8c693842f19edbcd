import { type Static, Type } from 'typebox';
import { ConstraintBody } from '../flags/strategy-schemas.ts';
import { StrategyVariantBody, VariantBody } from '../flags/variant-schemas.ts';
import { exampleExport } from './flag-export-schemas.ts';

/*
 * The `data` of an import is an export, from Switchyard or from Unleash. Items may carry more properties than
 * listed (Unleash writes createdAt, variantCount and the like); they are ignored.
 */

const nullableText = Type.Union([Type.String(), Type.Null()]);
const ParameterValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

const ImportedFeature = Type.Object({
  name: Type.String({ minLength: 1 }),
  type: Type.Optional(Type.String({ minLength: 1, description: 'Defaults to release.' })),
  description: Type.Optional(nullableText),
  project: Type.Optional(Type.String({ description: 'Ignored: flags go to the project of the import.' })),
  stale: Type.Optional(Type.Boolean()),
  impressionData: Type.Optional(Type.Boolean()),
});

const ImportedStrategy = Type.Object({
  name: Type.String({ minLength: 1, description: 'The strategy type; it must exist in this instance.' }),
  featureName: Type.String({ minLength: 1 }),
  id: Type.Optional(Type.String({ description: 'Ignored: imported strategies get new ids.' })),
  title: Type.Optional(nullableText),
  parameters: Type.Optional(Type.Record(Type.String(), ParameterValue)),
  constraints: Type.Optional(Type.Array(ConstraintBody)),
  variants: Type.Optional(Type.Array(StrategyVariantBody)),
  segments: Type.Optional(
    Type.Array(Type.Integer(), { description: 'Ids listed in `segments`, found here by their names.' }),
  ),
  sortOrder: Type.Optional(Type.Integer()),
  disabled: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
});

const ImportedFeatureEnvironment = Type.Object({
  featureName: Type.Optional(Type.String({ minLength: 1 })),
  name: Type.Optional(Type.String({ minLength: 1, description: 'The flag, when `featureName` is absent.' })),
  environment: Type.Optional(Type.String({ description: 'Ignored: the import names the environment.' })),
  enabled: Type.Boolean(),
  variants: Type.Optional(Type.Array(VariantBody)),
});

const ImportedContextField = Type.Object({
  name: Type.String({ minLength: 1 }),
  description: Type.Optional(nullableText),
  stickiness: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  legalValues: Type.Optional(
    Type.Array(
      Type.Object({
        value: Type.String({ minLength: 1, maxLength: 100 }),
        description: Type.Optional(Type.String()),
      }),
    ),
  ),
  project: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'A field of a project is created in the project of the import.',
    }),
  ),
});

const ImportedDependencies = Type.Object({
  feature: Type.String({ minLength: 1, description: 'The child flag.' }),
  dependencies: Type.Array(
    Type.Object({
      feature: Type.String({ minLength: 1, description: 'The parent flag.' }),
      enabled: Type.Optional(Type.Boolean()),
      variants: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    }),
  ),
});

export const ImportData = Type.Object(
  {
    features: Type.Array(ImportedFeature),
    featureStrategies: Type.Array(ImportedStrategy),
    featureEnvironments: Type.Optional(Type.Array(ImportedFeatureEnvironment)),
    contextFields: Type.Optional(Type.Array(ImportedContextField)),
    featureTags: Type.Optional(
      Type.Array(
        Type.Object({
          featureName: Type.String({ minLength: 1 }),
          tagType: Type.Optional(Type.String({ minLength: 1, description: 'Defaults to simple.' })),
          tagValue: Type.String(),
        }),
      ),
    ),
    segments: Type.Optional(
      Type.Array(Type.Object({ id: Type.Integer(), name: Type.String({ minLength: 1 }) })),
    ),
    tagTypes: Type.Optional(
      Type.Array(
        Type.Object({
          name: Type.String({ minLength: 1 }),
          description: Type.Optional(nullableText),
          icon: Type.Optional(nullableText),
          color: Type.Optional(nullableText),
        }),
      ),
    ),
    dependencies: Type.Optional(Type.Array(ImportedDependencies)),
  },
  { description: 'The result of an export.' },
);
export type ImportData = Static<typeof ImportData>;

/** Unleash's importTogglesSchema. */
export const ImportBody = Type.Object(
  {
    project: Type.String({ minLength: 1, description: 'The project to import the flags into.' }),
    environment: Type.String({
      minLength: 1,
      description: 'The environment of that project to set strategies, on/off state and variants in.',
    }),
    data: ImportData,
  },
  {
    additionalProperties: false,
    examples: [{ project: 'shop', environment: 'production', data: exampleExport }],
  },
);
export type ImportBody = Static<typeof ImportBody>;

const Finding = Type.Object({
  message: Type.String(),
  affectedItems: Type.Array(Type.String(), { description: 'The names the finding is about.' }),
});

/** Unleash's importTogglesValidateSchema. */
export const ImportReportResponse = Type.Object(
  {
    errors: Type.Array(Finding, { description: 'Problems that make an import fail; fix them first.' }),
    warnings: Type.Array(Finding, { description: 'What the import will do that you may not expect.' }),
    permissions: Type.Array(Finding, { description: 'Permissions you lack for this import.' }),
  },
  {
    examples: [
      {
        errors: [
          {
            message: 'These segments do not exist here; create them first:',
            affectedItems: ['beta-testers'],
          },
        ],
        warnings: [
          {
            message: 'These flags already exist in the project and will be overwritten:',
            affectedItems: ['new-checkout'],
          },
        ],
        permissions: [],
      },
    ],
  },
);
