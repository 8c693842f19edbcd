import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { BadDataError } from '../../../http/errors.ts';

/**
 * Checks the result of a JSON Patch against the schema a PUT body must meet, since it never passed request
 * validation. Errors name the field in the patched document, e.g. `/patched/constraints/0/operator`.
 */
export function checkPatched<T>(schema: TSchema, value: unknown): T {
  if (Value.Check(schema, value)) return value as T;
  const details = [...Value.Errors(schema, value)]
    .filter((error) => error.keyword !== 'boolean')
    .map((error) => ({
      message: `"${error.instancePath.split('/').pop() || 'patched document'}" ${error.message}`,
      path: `/patched${error.instancePath}`,
    }));
  throw new BadDataError(
    `The patched result is not valid: ${details.map((d) => d.message).join('; ')}`,
    details,
  );
}
