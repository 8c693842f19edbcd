import { BadDataError, type ErrorDetail } from './errors.ts';

/**
 * Text that PostgreSQL cannot store: the NUL character (refused in text and jsonb) and unpaired UTF-16 surrogates
 * (not Unicode at all, refused as jsonb escapes). Refused at the door with the field named, whatever the operation.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text))
    return 'must be valid Unicode: it holds an unpaired surrogate (\\ud800-\\udfff)';
  return undefined;
}

const fieldName = (path: string) => path.slice(path.lastIndexOf('/') + 1) || path;

/** The first string or key under `value` that cannot be stored, as an error detail naming where it is. */
export function findBadText(value: unknown, path: string): ErrorDetail | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, message: `"${fieldName(path)}" ${problem}` } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findBadText(item, `${path}/${index}`);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: `${path}/${key}`, message: `The property name at ${path} ${keyProblem}` };
    const found = findBadText(item, `${path}/${key}`);
    if (found) return found;
  }
  return undefined;
}

/** Throws the one 400 when any part of a request holds text that cannot be stored. */
export function assertStorableText(value: unknown, path: string): void {
  const found = findBadText(value, path);
  if (found) throw new BadDataError(`Request validation failed: ${found.message}`, [found]);
}

/**
 * A JSON body can only carry such text as a `\u0000` or `\ud800`-style escape (raw control characters are invalid JSON
 * and invalid UTF-8 decodes to U+FFFD), so one scan of the raw text spares the walk for nearly every body.
 */
export const MAY_HOLD_BAD_TEXT = /\\u(?:0000|[dD][89a-fA-F])/;

/** The first number under `value` that is not finite: a query or path value such as `1e400` coerces to Infinity. */
function findInfinite(value: unknown, path: string): ErrorDetail | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? undefined
      : { path, message: `"${fieldName(path)}" must be a finite number` };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findInfinite(item, `${path}/${key}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * Ajv coerces `"1e400"` to Infinity and lets it pass `maximum` (seen with ajv 8), so coerced path and query values are
 * checked once more after validation.
 */
export function assertFiniteNumbers(value: unknown, path: string): void {
  const found = findInfinite(value, path);
  if (found) throw new BadDataError(`Request validation failed: ${found.message}`, [found]);
}
