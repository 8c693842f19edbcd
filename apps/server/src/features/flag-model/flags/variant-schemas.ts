import { Type, type Static } from 'typebox';
import { PAYLOAD_TYPES } from './variant.ts';

const PayloadSchema = Type.Object(
  {
    type: Type.String({ enum: [...PAYLOAD_TYPES], description: 'How SDKs should read `value`.' }),
    value: Type.String({ description: 'Always a string, even for `json` and `number` payloads.' }),
  },
  { additionalProperties: false },
);

const OverrideSchema = Type.Object(
  {
    contextName: Type.String({ minLength: 1 }),
    values: Type.Array(Type.String()),
  },
  {
    additionalProperties: false,
    description: 'Users whose context field has one of these values get this variant.',
  },
);

const variantInputFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  weight: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1000,
      description: 'Share of 1000. Only kept for `fix` variants; `variable` ones share what is left.',
    }),
  ),
  weightType: Type.Optional(
    Type.Union([Type.Literal('variable'), Type.Literal('fix')], { description: 'Defaults to `variable`.' }),
  ),
  stickiness: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'Context field that keeps a user on a variant. Flag variants default to the project’s default stickiness; strategy variants without one use the strategy’s.',
    }),
  ),
  payload: Type.Optional(PayloadSchema),
};

export const exampleVariants = [
  {
    name: 'blue',
    weight: 500,
    weightType: 'variable',
    stickiness: 'default',
    payload: { type: 'json', value: '{"color":"#00f"}' },
  },
  { name: 'red', weight: 500, weightType: 'variable', stickiness: 'default' },
];

/** A flag variant in a request. */
export const VariantBody = Type.Object(
  { ...variantInputFields, overrides: Type.Optional(Type.Array(OverrideSchema)) },
  { additionalProperties: false },
);
/** A strategy variant in a request: no overrides. */
export const StrategyVariantBody = Type.Object(variantInputFields, { additionalProperties: false });

const variantFields = {
  name: Type.String(),
  weight: Type.Integer(),
  weightType: Type.String({ enum: ['variable', 'fix'] }),
  stickiness: Type.Optional(
    Type.String({ description: 'Absent on a strategy variant that uses the strategy stickiness.' }),
  ),
  payload: Type.Optional(PayloadSchema),
};
export const StrategyVariantResponse = Type.Object(variantFields);
export const VariantResponse = Type.Object({
  ...variantFields,
  overrides: Type.Optional(Type.Array(OverrideSchema)),
});

export const VariantListBody = Type.Array(VariantBody, { examples: [exampleVariants] });
export type VariantListBody = Static<typeof VariantListBody>;

/** `{version, variants}`, as Unleash answers every variants endpoint. */
export const FeatureVariantsResponse = Type.Object(
  { version: Type.Integer(), variants: Type.Array(VariantResponse) },
  { examples: [{ version: 1, variants: exampleVariants }] },
);

export const VariantsBatchBody = Type.Object(
  {
    variants: Type.Array(VariantBody),
    environments: Type.Array(Type.String({ minLength: 1 }), {
      description: 'Environments to set the variants in.',
    }),
  },
  {
    additionalProperties: false,
    examples: [{ variants: exampleVariants, environments: ['development', 'production'] }],
  },
);
