import { describe, expect, it } from 'vitest';
import {
  formatBody,
  initialValues,
  missingParameters,
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
