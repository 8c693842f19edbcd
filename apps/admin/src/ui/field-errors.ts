import { ApiError } from '../api/client.ts';

/**
 * Maps a server refusal to the form fields it names: `details[].path` such as `/body/name` or
 * `/body/constraints/0/value` becomes the key `name` or `constraints.0.value`. What names no field is `form`.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!error) return {};
  if (!(error instanceof ApiError)) return { form: error instanceof Error ? error.message : String(error) };
  const result: Record<string, string> = {};
  for (const detail of error.details) {
    const key = detail.path?.replace(/^\/(body|params|querystring)\/?/, '').replaceAll('/', '.');
    if (key) result[key] ??= detail.message;
  }
  if (Object.keys(result).length === 0) result.form = error.message;
  return result;
}

/** The first error for a field or anything inside it (`constraints` matches `constraints.0.value`). */
export function errorFor(errors: Record<string, string>, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const nested = Object.keys(errors).find((key) => key.startsWith(`${field}.`));
  return nested ? errors[nested] : undefined;
}
