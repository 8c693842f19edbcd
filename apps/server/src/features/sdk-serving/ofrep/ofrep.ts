import type { CompiledSnapshot, Context, FlagDefinition, FlagResult } from '@switchyard/evaluation';
import { buildFrontendContext } from '../frontend-api/frontend-context.ts';

/** OpenFeature's error codes, as OFREP sends them. */
export type OfrepErrorCode =
  'FLAG_NOT_FOUND' | 'TARGETING_KEY_MISSING' | 'PARSE_ERROR' | 'INVALID_CONTEXT' | 'GENERAL';

export type OfrepValue = boolean | string | number | Record<string, unknown> | unknown[];
export type OfrepSuccess = {
  key: string;
  value: OfrepValue;
  reason: 'TARGETING_MATCH' | 'SPLIT' | 'DISABLED';
  variant: string;
  metadata: Record<string, string | boolean>;
};
export type OfrepFailure = { key: string; errorCode: OfrepErrorCode; errorDetails: string };
export type OfrepEvaluation = OfrepSuccess | OfrepFailure;

export const isFailure = (evaluation: OfrepEvaluation): evaluation is OfrepFailure =>
  'errorCode' in evaluation;

/**
 * The evaluation context of an OFREP request: `targetingKey` is the userId (an explicit `userId` wins), and every
 * other attribute goes through the Frontend API's own mapping, so both APIs evaluate the same context the same way.
 */
export function buildOfrepContext(raw: Record<string, unknown>, callerIp: string): Context {
  const { targetingKey, ...rest } = raw;
  if (rest.userId === undefined && targetingKey !== undefined) rest.userId = targetingKey;
  return buildFrontendContext(rest, callerIp);
}

/** Strategies whose outcome hangs on the userId: without a targeting key they can only answer "off". */
function needsUserId(definition: FlagDefinition): boolean {
  return (definition.strategies ?? []).some(
    (strategy) =>
      !strategy.disabled &&
      (strategy.name === 'userWithId' ||
        strategy.parameters?.stickiness === 'userId' ||
        (strategy.constraints ?? []).some((constraint) => constraint.contextName === 'userId')),
  );
}

/** A variant payload as the OpenFeature type it holds: number, JSON value or string (csv and string alike). */
function payloadValue(type: string, value: string): OfrepValue | undefined {
  if (type === 'number') {
    const number = Number(value);
    return value.trim() !== '' && Number.isFinite(number) ? number : undefined;
  }
  if (type === 'json') {
    try {
      return JSON.parse(value) as OfrepValue;
    } catch {
      return undefined;
    }
  }
  return value;
}

/**
 * One flag's OFREP evaluation from the result the Frontend API serves. The value is the flag's enabled state, or,
 * when a variant was chosen, its payload (or its name when it has none). Unlike Unleash, which leaves a flag out when
 * it is off for the context, OFREP answers it with reason DISABLED and the value false.
 */
export function toOfrepEvaluation(
  definition: FlagDefinition,
  result: FlagResult,
  hasTargetingKey: boolean,
): OfrepEvaluation {
  const key = definition.name;
  if (!hasTargetingKey && definition.enabled && needsUserId(definition)) {
    return {
      key,
      errorCode: 'TARGETING_KEY_MISSING',
      errorDetails: `flag ${key} is rolled out by userId: send a targetingKey`,
    };
  }
  const metadata = { project: String(definition.project ?? 'default'), enabled: result.enabled };
  if (!result.enabled) return { key, value: false, reason: 'DISABLED', variant: 'disabled', metadata };
  const variant = result.variant;
  if (!variant.enabled) return { key, value: true, reason: 'TARGETING_MATCH', variant: 'enabled', metadata };
  const value = variant.payload ? payloadValue(variant.payload.type, variant.payload.value) : variant.name;
  if (value === undefined) {
    return {
      key,
      errorCode: 'PARSE_ERROR',
      errorDetails: `the ${variant.payload!.type} payload of variant ${variant.name} of flag ${key} cannot be parsed`,
    };
  }
  return { key, value, reason: 'SPLIT', variant: variant.name, metadata };
}

/** The bulk answer: every flag the filter lets through, in payload order, off ones included. */
export function evaluateOfrepFlags(
  snapshot: CompiledSnapshot,
  context: Context,
  filter: ((flag: FlagDefinition) => boolean) | undefined,
  hasTargetingKey: boolean,
  /** Sees the evaluations before they are mapped (experiments' exposures). */
  onResults?: (results: readonly FlagResult[]) => void,
): { flags: OfrepEvaluation[] } {
  const results = snapshot.evaluateAll(context, { filter, includeDisabled: true });
  onResults?.(results);
  return {
    flags: results.map((result) =>
      toOfrepEvaluation(snapshot.definition(result.name)!, result, hasTargetingKey),
    ),
  };
}

/** One flag's answer with its status: 200, 400 for a failure, 404 when the token cannot see the flag. */
export function evaluateOfrepFlag(
  snapshot: CompiledSnapshot,
  key: string,
  context: Context,
  filter: ((flag: FlagDefinition) => boolean) | undefined,
  hasTargetingKey: boolean,
  onResults?: (results: readonly FlagResult[]) => void,
): { status: 200 | 400 | 404; body: OfrepEvaluation } {
  const definition = snapshot.definition(key);
  if (!definition || (filter && !filter(definition))) {
    return {
      status: 404,
      body: { key, errorCode: 'FLAG_NOT_FOUND', errorDetails: `flag ${key} was not found` },
    };
  }
  const result = snapshot.evaluate(key, context);
  onResults?.([result]);
  const body = toOfrepEvaluation(definition, result, hasTargetingKey);
  return { status: isFailure(body) ? 400 : 200, body };
}

/** Whether the request's context names a targeting key. */
export const hasTargetingKey = (raw: Record<string, unknown>): boolean =>
  typeof raw.targetingKey === 'string' && raw.targetingKey !== '';
