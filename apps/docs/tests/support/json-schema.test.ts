import { describe, expect, it } from 'vitest';
import { validate, type JsonSchema } from './json-schema';

const schema: JsonSchema = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: { items: { type: 'array', items: { $ref: '#/$defs/entry' } } },
  $defs: {
    entry: { oneOf: [{ $ref: '#/$defs/link' }, { $ref: '#/$defs/group' }] },
    link: {
      type: 'object',
      required: ['type', 'href'],
      additionalProperties: false,
      properties: { type: { const: 'link' }, href: { type: 'string', pattern: '^/' } },
    },
    group: {
      type: 'object',
      required: ['type', 'items'],
      additionalProperties: false,
      properties: { type: { const: 'group' }, items: { type: 'array', items: { $ref: '#/$defs/entry' } } },
    },
  },
};

describe('validate', () => {
  it('accepts valid nested data', () => {
    expect(
      validate(schema, {
        items: [
          { type: 'link', href: '/a' },
          { type: 'group', items: [{ type: 'link', href: '/b' }] },
        ],
      }),
    ).toEqual([]);
  });

  it('reports wrong types, missing and extra properties, patterns and enums with their path', () => {
    expect(validate(schema, { items: [{ type: 'link', href: 'a' }], extra: 1 })).toEqual([
      '$.items[0]: matches 0 of the oneOf options, expected exactly 1',
      '$: unexpected property "extra"',
    ]);
    expect(validate({ type: ['string', 'null'] }, 3)).toEqual(['$: expected string or null, got integer']);
    expect(validate({ enum: ['a', null] }, null)).toEqual([]);
    expect(validate({ type: 'object', required: ['x'] }, {})).toEqual(['$: missing "x"']);
    expect(validate({ type: 'string', maxLength: 2 }, 'abc')).toEqual(['$: longer than 2']);
  });

  it('refuses schemas with keywords it does not check', () => {
    expect(validate({ type: 'string', format: 'email' } as JsonSchema, 'x')).toEqual([
      '$: schema uses unsupported keyword "format"',
    ]);
  });
});
