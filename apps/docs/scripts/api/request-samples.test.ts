import { describe, expect, it } from 'vitest';
import type { OperationView } from './operations';
import { pythonLiteral, requestSamples, sampleUrl } from './request-samples';

const op: OperationView = {
  operationId: 'createFeature',
  slug: 'create-feature',
  method: 'post',
  path: '/api/admin/projects/{projectId}/features',
  summary: 'Create a flag',
  description: '',
  area: 'Features',
  alsoIn: [],
  deprecated: false,
  authenticated: true,
  parameters: [
    {
      name: 'projectId',
      in: 'path',
      required: true,
      description: '',
      deprecated: false,
      schema: {},
      example: 'default',
    },
    {
      name: 'q',
      in: 'query',
      required: true,
      description: '',
      deprecated: false,
      schema: {},
      example: undefined,
    },
    {
      name: 'limit',
      in: 'query',
      required: false,
      description: '',
      deprecated: false,
      schema: {},
      example: 5,
    },
  ],
  body: {
    contentType: 'application/json',
    required: true,
    description: '',
    schema: {},
    example: { name: "it's", on: true, x: null },
  },
  responses: [],
};

describe('request samples', () => {
  it('fills path parameters from examples and shows placeholders for required values without one', () => {
    expect(sampleUrl(op)).toBe('http://localhost:4242/api/admin/projects/default/features?q=<q>');
  });

  it('writes curl, Node.js, Python and Go, each sending the token and the JSON body', () => {
    const samples = requestSamples(op);
    expect(samples.map((s) => s.label)).toEqual(['curl', 'Node.js', 'Python', 'Go']);
    const [curl, node, python, go] = samples.map((s) => s.code);
    expect(curl).toContain(`curl -X POST 'http://localhost:4242/api/admin/projects/default/features?q=<q>'`);
    expect(curl).toContain('-H "Authorization: $SWITCHYARD_TOKEN"');
    expect(curl).toContain(`"name": "it'\\''s"`); // a quote inside single quotes
    expect(node).toContain('Authorization: process.env.SWITCHYARD_TOKEN');
    expect(node).toContain("method: 'POST'");
    expect(python).toContain('requests.post(');
    expect(python).toContain('"on": True');
    expect(python).toContain('"x": None');
    expect(go).toContain('http.NewRequest("POST"');
    expect(go).toContain('"strings"');
  });

  it('leaves the token and body out where the operation has none', () => {
    const open = {
      ...op,
      authenticated: false,
      body: undefined,
      parameters: [],
      method: 'get' as const,
      path: '/health',
    };
    const [curl, , python, go] = requestSamples(open).map((s) => s.code);
    expect(curl).toBe("curl -X GET 'http://localhost:4242/health'");
    expect(python).not.toContain('import os');
    expect(go).not.toContain('"os"');
    expect(go).toContain('http.NewRequest("GET", "http://localhost:4242/health", nil)');
  });

  it('writes Python literals', () => {
    expect(pythonLiteral({ a: [1, false], b: {} })).toBe(
      '{\n    "a": [\n        1,\n        False,\n    ],\n    "b": {},\n}',
    );
  });
});
