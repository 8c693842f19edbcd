import { describe, expect, it } from 'vitest';
import { parseExport } from './parse-export.ts';

describe('parseExport', () => {
  it('says nothing about empty text', () => {
    expect(parseExport('  ')).toEqual({});
  });

  it('names what is wrong with text that is not an export', () => {
    expect(parseExport('{"features": [').problem).toMatch(/^This is not JSON: /);
    expect(parseExport('[1, 2]').problem).toMatch(/"features" and "featureStrategies"/);
    expect(parseExport('{"features": []}').problem).toMatch(/"featureStrategies"/);
    expect(parseExport('{"features": [], "featureStrategies": []}').problem).toBe(
      'This export holds no flags.',
    );
  });

  it('passes an export on whole, with the lists it does not read', () => {
    const text = JSON.stringify({
      features: [{ name: 'checkout' }],
      featureStrategies: [],
      tagTypes: [{ name: 'simple' }],
    });
    expect(parseExport(text)).toEqual({ data: JSON.parse(text) });
  });
});
