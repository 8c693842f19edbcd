import { Type } from 'typebox';

const projectId = Type.String({ minLength: 1, description: 'The project both flags belong to.' });

export const ProjectParams = Type.Object({ projectId });
export const ChildParams = Type.Object({
  projectId,
  child: Type.String({ minLength: 1, description: 'The dependent (child) flag.' }),
});
export const ParentParams = Type.Object({
  projectId,
  parent: Type.String({ minLength: 1, description: 'The parent flag.' }),
});
export const DependencyParams = Type.Object({
  projectId,
  child: Type.String({ minLength: 1, description: 'The dependent (child) flag.' }),
  parent: Type.String({ minLength: 1, description: 'The parent flag.' }),
});

/** Unleash's createDependentFeatureSchema. */
export const CreateDependentFeatureBody = Type.Object(
  {
    feature: Type.String({ minLength: 1, description: 'The parent flag the child depends on.' }),
    enabled: Type.Optional(
      Type.Boolean({
        description:
          'Whether the parent must be enabled (`true`, the default) or disabled (`false`) for the child to be on.',
      }),
    ),
    variants: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        description:
          'With `enabled: true`, the parent variants that satisfy the dependency; empty or absent means any.',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { feature: 'new-checkout', enabled: true, variants: ['blue'] },
      { feature: 'maintenance-mode', enabled: false },
    ],
  },
);

export const ParentOptionsResponse = Type.Array(Type.String(), {
  description: 'Names of the flags that can become the parent.',
  examples: [['dark-mode', 'new-checkout']],
});

export const ParentVariantOptionsResponse = Type.Array(Type.String(), {
  description: 'Variant names of the parent, from its strategies and environments, sorted.',
  examples: [['blue', 'green']],
});

export const DependenciesExistResponse = Type.Boolean({
  description: '`true` when at least one flag depends on another.',
  examples: [true],
});
