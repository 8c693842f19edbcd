import { describe, expect, it } from 'vitest';
import openapi from '../../openapi.json' with { type: 'json' };
import { ERROR_CATALOGUE } from './error-catalogue.ts';
import * as errors from './errors.ts';

type Responses = Record<
  string,
  { content?: Record<string, { examples?: Record<string, { $ref: string }> }> }
>;
const named = (openapi.components as { examples: Record<string, { value: { name: string } }> }).examples;

describe('error catalogue', () => {
  it('names every error class the server answers with, once', () => {
    const classes = Object.entries(errors)
      .filter(([, value]) => typeof value === 'function' && value.prototype instanceof errors.HttpError)
      .map(([name]) => name)
      .sort();
    expect(ERROR_CATALOGUE.map((e) => e.name).sort()).toEqual(classes);
  });

  it('gives each example the status and wire format of its class', () => {
    for (const entry of ERROR_CATALOGUE) {
      expect(entry.body.name).toBe(entry.name);
      expect(entry.body.details.length).toBeGreaterThan(0);
      expect(entry.status).toBeGreaterThanOrEqual(400);
    }
    expect(ERROR_CATALOGUE.find((e) => e.name === 'NoAccessError')?.body.permissions).toEqual([
      'UPDATE_FEATURE_ENVIRONMENT',
    ]);
  });

  it('shows, under every error status of every operation, the examples of the classes with that status', () => {
    let checked = 0;
    for (const item of Object.values(
      openapi.paths as Record<string, Record<string, { responses?: Responses }>>,
    )) {
      for (const operation of Object.values(item)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const examples = response.content?.['application/json']?.examples;
          if (!examples || Number(status) < 400) continue;
          const expected = ERROR_CATALOGUE.filter((e) => String(e.status) === status).map((e) => e.name);
          expect(Object.keys(examples).sort()).toEqual(expected.sort());
          for (const [name, example] of Object.entries(examples))
            expect(named[example.$ref.replace('#/components/examples/', '')]?.value.name).toBe(name);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    const unauthorized = (openapi.paths as Record<string, Record<string, { responses?: Responses }>>)[
      '/api/admin/projects'
    ]?.get?.responses?.['401']?.content?.['application/json']?.examples;
    expect(Object.keys(unauthorized ?? {})).toEqual(['AuthenticationRequired', 'PasswordMismatch']);
  });
});
