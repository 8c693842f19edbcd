import { Type } from 'typebox';
import { CONTEXT_FIELD_NAME_PATTERN } from './context-field.ts';

const exampleLegalValue = { value: 'eu-north', description: 'Stockholm and Oslo' };

export const LegalValueBody = Type.Object(
  {
    value: Type.String({ minLength: 1, maxLength: 100, description: 'The value itself.' }),
    description: Type.Optional(Type.String({ description: 'What the value means.' })),
  },
  { additionalProperties: false, examples: [exampleLegalValue] },
);

const LegalValueResponse = Type.Object({ value: Type.String(), description: Type.Optional(Type.String()) });

const exampleField = {
  name: 'region',
  description: 'Where the user is served from',
  stickiness: true,
  sortOrder: 10,
  createdAt: '2026-01-15T10:00:00.000Z',
  usedInFeatures: 3,
  usedInProjects: 1,
  legalValues: [exampleLegalValue],
  project: null,
};

export const ContextFieldResponse = Type.Object(
  {
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    stickiness: Type.Boolean({ description: 'Whether flexible rollouts may use the field for stickiness.' }),
    sortOrder: Type.Integer({ description: 'Position in lists; lower comes first.' }),
    createdAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    usedInFeatures: Type.Union([Type.Integer(), Type.Null()], {
      description: 'How many flags have a strategy constraint on the field.',
    }),
    usedInProjects: Type.Union([Type.Integer(), Type.Null()], {
      description: 'How many projects those flags belong to.',
    }),
    legalValues: Type.Array(LegalValueResponse),
    project: Type.Union([Type.String(), Type.Null()], {
      description: 'The project the field belongs to; null for a global field.',
    }),
  },
  { $id: 'contextFieldSchema', examples: [exampleField] },
);

export const ContextFieldListResponse = Type.Array(Type.Ref('contextFieldSchema'), {
  examples: [[exampleField]],
});

const changeProperties = {
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  stickiness: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  legalValues: Type.Optional(Type.Array(LegalValueBody, { description: 'Each value at most once.' })),
};

export const ContextFieldName = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: CONTEXT_FIELD_NAME_PATTERN,
  description: 'Letters, digits and . _ ~ - only, so the name is safe in URLs.',
});

export const CreateContextFieldBody = Type.Object(
  { name: ContextFieldName, ...changeProperties },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'region',
        description: 'Where the user is served from',
        stickiness: true,
        legalValues: [exampleLegalValue],
      },
    ],
  },
);

export const UpdateContextFieldBody = Type.Object(
  {
    name: Type.Optional(
      Type.String({ description: 'Ignored when it is the field name; a field cannot be renamed.' }),
    ),
    ...changeProperties,
  },
  {
    additionalProperties: false,
    examples: [{ description: 'Where the user is served from', stickiness: false, sortOrder: 20 }],
  },
);

export const ContextNameBody = Type.Object({ name: ContextFieldName }, { examples: [{ name: 'region' }] });

export const ContextListQuery = Type.Object({
  include: Type.Optional(
    Type.String({
      description:
        'On the global list, `project` adds every project-specific field; on a project list, `root` adds the global fields.',
    }),
  ),
});
