import { describe, expect, it } from 'vitest';
import {
  formatBody,
  initialValues,
  missingParameters,
  servedUrl,
  startingServer,
  tryItUrl,
  type TryItParameter,
} from './try-it-request';

const parameters: TryItParameter[] = [
  { name: 'projectId', in: 'path', required: true, example: 'default' },
  { name: 'featureName', in: 'path', required: true, example: null },
  { name: 'limit', in: 'query', required: false, example: 10 },
];

describe('try it', () => {
  it('fills the path, encodes values and drops blank optional query parameters', () => {
    const values = { projectId: 'web shop', featureName: 'a/b', limit: '' };
    expect(
      tryItUrl(
        'http://localhost:4242/',
        '/api/admin/projects/{projectId}/features/{featureName}',
        parameters,
        values,
      ),
    ).toBe('http://localhost:4242/api/admin/projects/web%20shop/features/a%2Fb');
    expect(
      tryItUrl(' http://x ', '/p/{projectId}/{featureName}', parameters, {
        projectId: 'a',
        featureName: 'b',
        limit: '5',
      }),
    ).toBe('http://x/p/a/b?limit=5');
  });

  it('starts from the examples and names missing required values', () => {
    const values = initialValues(parameters);
    expect(values).toEqual({ projectId: 'default', featureName: '', limit: '10' });
    expect(missingParameters(parameters, values)).toEqual(['featureName']);
  });

  it('pretty-prints JSON bodies only', () => {
    expect(formatBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatBody('plain')).toBe('plain');
  });
});

describe('the server a panel starts with', () => {
  const fallback = 'http://localhost:4242';
  it('is the one the docs server announces, over the default', () => {
    expect(
      startingServer({ remembered: null, rememberedBeside: null, served: 'http://localhost:5151', fallback }),
    ).toBe('http://localhost:5151');
    expect(startingServer({ remembered: null, rememberedBeside: null, served: undefined, fallback })).toBe(
      fallback,
    );
  });

  it("keeps the reader's own, unless the docs now announce another server than when they typed it", () => {
    const remembered = 'http://flags.internal:8080';
    expect(startingServer({ remembered, rememberedBeside: null, served: undefined, fallback })).toBe(
      remembered,
    );
    expect(
      startingServer({
        remembered,
        rememberedBeside: 'http://localhost:5151',
        served: 'http://localhost:5151',
        fallback,
      }),
    ).toBe(remembered);
    expect(
      startingServer({
        remembered,
        rememberedBeside: 'http://localhost:5151',
        served: 'http://localhost:6161',
        fallback,
      }),
    ).toBe('http://localhost:6161');
    expect(
      startingServer({ remembered, rememberedBeside: null, served: 'http://localhost:6161', fallback }),
    ).toBe('http://localhost:6161');
  });

  it('reads only an http(s) URL from the announcement', () => {
    expect(servedUrl({ url: 'http://localhost:5151' })).toBe('http://localhost:5151');
    expect(servedUrl({ url: 'javascript:alert(1)' })).toBeUndefined();
    expect(servedUrl('<html>')).toBeUndefined();
    expect(servedUrl(null)).toBeUndefined();
  });
});
