import { Type } from 'typebox';

export const FeatureNameParams = Type.Object({
  featureName: Type.String({ minLength: 1, description: 'The name of the archived flag.' }),
});

export const ProjectParams = Type.Object({
  projectId: Type.String({ minLength: 1, description: 'The project the flags belong to.' }),
});

/** Unleash's batchFeaturesSchema: the flags a bulk operation acts on. */
export const BatchFeaturesBody = Type.Object(
  {
    features: Type.Array(Type.String({ minLength: 1 }), {
      description: 'Names of archived flags in the project.',
    }),
  },
  { additionalProperties: false, examples: [{ features: ['new-checkout', 'dark-mode'] }] },
);
