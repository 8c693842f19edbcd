import { Type } from 'typebox';

const tagExample = { type: 'simple', value: 'team-checkout' };

/** Unleash's tagSchema: a tag type and a value, 2 to 50 characters each. */
export const TagBody = Type.Object(
  {
    type: Type.String({
      minLength: 2,
      maxLength: 50,
      description: 'An existing tag type, such as `simple`.',
    }),
    value: Type.String({ minLength: 2, maxLength: 50, description: 'The tag value; created when new.' }),
  },
  { additionalProperties: false, examples: [tagExample] },
);

const tagList = (description: string) => Type.Array(TagBody, { description });

/** Unleash's updateTagsSchema. */
export const UpdateTagsBody = Type.Object(
  {
    addedTags: tagList('Tags to add; added before any are removed.'),
    removedTags: tagList('Tags to remove.'),
  },
  {
    additionalProperties: false,
    examples: [{ addedTags: [tagExample], removedTags: [{ type: 'simple', value: 'team-search' }] }],
  },
);

/** Unleash's tagsBulkAddSchema. */
export const TagsBulkAddBody = Type.Object(
  {
    features: Type.Array(Type.String({ minLength: 1 }), { description: 'Flags of the project to change.' }),
    tags: Type.Object(
      {
        addedTags: tagList('Tags to add to every flag.'),
        removedTags: tagList('Tags to remove from every flag.'),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { features: ['new-checkout', 'dark-mode'], tags: { addedTags: [tagExample], removedTags: [] } },
    ],
  },
);

export const TagResponse = Type.Object(
  { type: Type.String(), value: Type.String() },
  { description: 'The tag now on the flag.', examples: [tagExample] },
);

/** Unleash's tagsSchema: `version` is always 1. */
export const TagsResponse = Type.Object(
  {
    version: Type.Integer({ description: 'Format version, always 1.' }),
    tags: Type.Array(Type.Object({ type: Type.String(), value: Type.String() })),
  },
  { examples: [{ version: 1, tags: [tagExample] }] },
);

export const FeatureNameParams = Type.Object({
  featureName: Type.String({ minLength: 1, description: 'The flag.' }),
});

export const FeatureTagParams = Type.Object({
  featureName: Type.String({ minLength: 1, description: 'The flag.' }),
  type: Type.String({ minLength: 1, description: 'The tag type.' }),
  value: Type.String({ minLength: 1, description: 'The tag value.' }),
});

export const ProjectParams = Type.Object({
  projectId: Type.String({ minLength: 1, description: 'The project of the flags.' }),
});
