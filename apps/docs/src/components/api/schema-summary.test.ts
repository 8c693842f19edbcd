import { describe, expect, it } from 'vitest';
import { childrenOf, ruleLabels, typeLabel } from './schema-summary';

describe('schema summary', () => {
  it('labels types', () => {
    expect(typeLabel({ type: 'string', format: 'date-time' })).toBe('string<date-time>');
    expect(
      typeLabel({
        type: 'array',
        items: { type: 'object', 'x-schema-name': 'featureSchema', properties: {} },
      }),
    ).toBe('featureSchema[]');
    expect(typeLabel({ type: 'object', additionalProperties: { type: 'integer' } })).toBe(
      'map<string, integer>',
    );
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeLabel({ 'x-schema-name': 'node', 'x-circular': true })).toBe('node (recursive)');
    expect(typeLabel({ oneOf: [{ type: 'string' }, { type: 'integer' }] })).toBe('one of 2 shapes');
  });

  it('lists rules and finds nested properties', () => {
    expect(ruleLabels({ enum: ['a', 'b'], default: 'a', maxLength: 3, readOnly: true })).toEqual([
      'one of: "a", "b"',
      'default: "a"',
      'max length: 3',
      'read-only',
    ]);
    const inner = { type: 'object', properties: { a: { type: 'string' } } };
    expect(childrenOf({ type: 'array', items: inner })).toBe(inner);
    expect(childrenOf({ type: 'string' })).toBeUndefined();
  });
});
