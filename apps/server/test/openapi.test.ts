import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_AREAS, UNSTABLE_OPERATIONS } from '../src/http/openapi.ts';
import { createTestApp, type TestApp } from '../src/testing/test-app.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  responses?: Record<
    string,
    { content?: Record<string, { schema?: unknown; example?: unknown; examples?: unknown }> }
  >;
  requestBody?: { content?: Record<string, { example?: unknown; examples?: unknown }> };
};

let t: TestApp;
let operations: { method: string; path: string; op: Operation }[];
beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject('/docs/openapi.json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is served at /docs/openapi.json and equals the committed apps/server/openapi.json', async () => {
    const committed = JSON.parse(await readFile(new URL('../openapi.json', import.meta.url), 'utf8'));
    const served = (await t.app.inject('/docs/openapi.json')).json();
    expect(served).toEqual(committed);
  });

  it('tags the operations Unleash calls unstable, each served here', () => {
    const tagged = operations
      .filter(({ op }) => op.tags?.includes('Unstable'))
      .map(({ op }) => op.operationId);
    expect(tagged.sort()).toEqual([...UNSTABLE_OPERATIONS].sort());
  });

  it('holds every operation to the quality bar', () => {
    expect(operations.length).toBeGreaterThan(10);
    const ids = new Set<string>();
    for (const { method, path, op } of operations) {
      const where = `${method} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId!), `${where} duplicates ${op.operationId}`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary?.length, `${where} summary`).toBeGreaterThan(5);
      expect(op.description?.length, `${where} description`).toBeGreaterThan(20);
      // One area; an operation Unleash calls unstable carries Unstable as a second tag, and only those do.
      const unstable = UNSTABLE_OPERATIONS.has(op.operationId!);
      expect(op.tags, `${where} tags`).toHaveLength(unstable ? 2 : 1);
      if (unstable) expect(op.tags![1], `${where} second tag`).toBe('Unstable');
      expect(API_AREAS as readonly string[], `${where} tag`).toContain(op.tags![0]);
      // A redirect is the success of the browser sign-in operations.
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^[23]/.test(status));
      expect(success.length, `${where} success response`).toBeGreaterThan(0);
      const errors = Object.keys(op.responses ?? {}).filter((status) => /^[45]/.test(status));
      if (path.startsWith('/api/')) expect(errors, `${where} documents 401`).toContain('401');
      const bodyExample = Object.values(op.requestBody?.content ?? {}).some((c) => c.example ?? c.examples);
      const responseExample = success.some(([, r]) =>
        Object.values(r.content ?? {}).some(
          (c) => c.example ?? c.examples ?? JSON.stringify(c.schema ?? {}).includes('example'),
        ),
      );
      const hasBody = success.some(([, r]) => r.content);
      if (op.requestBody) expect(bodyExample, `${where} request example`).toBe(true);
      if (hasBody) expect(responseExample, `${where} response example`).toBe(true);
    }
  });
});
