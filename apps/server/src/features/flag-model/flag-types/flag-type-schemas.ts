import { Type } from 'typebox';

const exampleType = {
  id: 'release',
  name: 'Release',
  description: 'Ships unfinished code paths dark and turns them on when ready.',
  lifetimeDays: 40,
};

export const FeatureTypeResponse = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    lifetimeDays: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Days until flags of this type are potentially stale; null for never.',
    }),
  },
  { $id: 'featureTypeSchema', examples: [exampleType] },
);

export const FeatureTypeListResponse = Type.Object(
  { version: Type.Literal(1), types: Type.Array(Type.Ref('featureTypeSchema')) },
  { examples: [{ version: 1, types: [exampleType] }] },
);

export const UpdateLifetimeBody = Type.Object(
  {
    lifetimeDays: Type.Union([Type.Integer({ minimum: 0, maximum: 2147483647 }), Type.Null()], {
      description: 'The new lifetime in days; 0 or null means flags of this type never go stale.',
    }),
  },
  { additionalProperties: false, examples: [{ lifetimeDays: 7 }] },
);

export const FlagTypeParams = Type.Object({
  id: Type.String({ description: 'The flag type id, e.g. release.' }),
});
