import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, Schema } from './openapi';
import { exampleFor, inlineSchema } from './schemas';

const doc: OpenApiDocument = {
  openapi: '3.0.3',
  components: {
    schemas: {
      node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/node' } },
        },
      },
      base: { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true } } },
      named: {
        allOf: [
          { $ref: '#/components/schemas/base' },
          { type: 'object', required: ['name'], properties: { name: { type: 'string', example: 'x' } } },
        ],
      },
    },
  },
};

describe('inlineSchema', () => {
  it('inlines $refs with their names and stops at a schema that contains itself', () => {
    const tree = inlineSchema(doc, { $ref: '#/components/schemas/node' });
    expect(tree['x-schema-name']).toBe('node');
    expect(tree.properties?.children?.items).toEqual({ 'x-schema-name': 'node', 'x-circular': true });
  });

  it('merges allOf into one object', () => {
    const merged = inlineSchema(doc, { $ref: '#/components/schemas/named' });
    expect(merged.required).toEqual(['id', 'name']);
    expect(Object.keys(merged.properties ?? {})).toEqual(['id', 'name']);
  });

  it('fails on a $ref it cannot resolve', () => {
    expect(() => inlineSchema(doc, { $ref: '#/components/schemas/missing' })).toThrow(/unresolved \$ref/);
  });
});

describe('exampleFor', () => {
  it('uses stated examples and builds the rest from the shape', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time' },
        kind: { type: 'string', enum: ['a', 'b'] },
        count: { type: 'integer', minimum: 1 },
        tags: { type: 'array', items: { type: 'string', example: 't' } },
        map: { type: 'object', additionalProperties: { type: 'boolean' } },
      },
    };
    expect(exampleFor(schema)).toEqual({
      when: '2025-01-01T12:00:00.000Z',
      kind: 'a',
      count: 1,
      tags: ['t'],
      map: { key: true },
    });
  });

  it('leaves read-only properties out of requests and write-only ones out of responses', () => {
    const schema = inlineSchema(doc, { $ref: '#/components/schemas/named' });
    expect(exampleFor(schema, 'request')).toEqual({ name: 'x' });
    expect(exampleFor(schema, 'response')).toEqual({ id: 0, name: 'x' });
  });
});
