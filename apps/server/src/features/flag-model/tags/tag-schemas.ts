import { Type } from 'typebox';
import { COLOR_PATTERN, TAG_TYPE_NAME_PATTERN, TAG_VALUE_MAX_LENGTH, TAG_VALUE_MIN_LENGTH } from './tag.ts';

const exampleTagType = {
  name: 'team',
  description: 'The team that owns the flag',
  icon: 'group',
  color: '#1A7F37',
};
const exampleTag = { type: 'team', value: 'payments' };

const nullableText = (options: Parameters<typeof Type.String>[0] = {}) =>
  Type.Union([Type.String(options), Type.Null()]);

export const TagTypeResponse = Type.Object(
  {
    name: Type.String(),
    description: Type.Optional(nullableText()),
    icon: Type.Optional(nullableText({ description: 'An icon name or URL for the admin UI.' })),
    color: Type.Optional(nullableText({ description: 'A hex RGB color such as #1A7F37.' })),
  },
  { $id: 'tagTypeSchema', examples: [exampleTagType] },
);

export const TagTypeListResponse = Type.Object(
  { version: Type.Literal(1), tagTypes: Type.Array(Type.Ref('tagTypeSchema')) },
  { examples: [{ version: 1, tagTypes: [exampleTagType] }] },
);

export const TagTypeWithVersionResponse = Type.Object(
  { version: Type.Literal(1), tagType: Type.Ref('tagTypeSchema') },
  { examples: [{ version: 1, tagType: exampleTagType }] },
);

const changeProperties = {
  description: Type.Optional(nullableText()),
  icon: Type.Optional(nullableText({ maxLength: 255 })),
  color: Type.Optional(
    nullableText({ pattern: COLOR_PATTERN, description: 'A hex RGB color such as #1A7F37.' }),
  ),
};

export const TagTypeBody = Type.Object(
  {
    name: Type.String({
      minLength: 2,
      maxLength: 50,
      pattern: TAG_TYPE_NAME_PATTERN,
      description: 'Letters, digits and . _ ~ - only, so the name is safe in URLs.',
    }),
    ...changeProperties,
  },
  { additionalProperties: false, examples: [exampleTagType] },
);

export const UpdateTagTypeBody = Type.Object(changeProperties, {
  additionalProperties: false,
  examples: [{ description: 'The team that owns the flag', color: '#0969DA' }],
});

export const ValidateTagTypeResponse = Type.Object(
  { valid: Type.Boolean(), tagType: Type.Ref('tagTypeSchema') },
  { examples: [{ valid: true, tagType: exampleTagType }] },
);

const TagObject = Type.Object({ type: Type.String(), value: Type.String() });

export const TagBody = Type.Object(
  {
    type: Type.String({ minLength: 2, maxLength: 50, description: 'An existing tag type.' }),
    value: Type.String({
      minLength: TAG_VALUE_MIN_LENGTH,
      maxLength: TAG_VALUE_MAX_LENGTH,
      description: 'The label; surrounding spaces are removed.',
    }),
  },
  { additionalProperties: false, examples: [exampleTag] },
);

export const TagListResponse = Type.Object(
  { version: Type.Literal(1), tags: Type.Array(TagObject) },
  { examples: [{ version: 1, tags: [exampleTag] }] },
);

export const TagWithVersionResponse = Type.Object(
  { version: Type.Literal(1), tag: TagObject },
  { examples: [{ version: 1, tag: exampleTag }] },
);

export const TagTypeParams = Type.Object({ name: Type.String({ description: 'The tag type name.' }) });
export const TypeParams = Type.Object({ type: Type.String({ description: 'The tag type.' }) });
export const TagParams = Type.Object({
  type: Type.String({ description: 'The tag type.' }),
  value: Type.String({ description: 'The tag value.' }),
});
