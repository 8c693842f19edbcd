import type { ApiArea } from './openapi.ts';

/** The HTTP status codes an operation can answer with an error, each described in OpenAPI. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 415 | 429 | 503;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request is malformed or breaks a rule; the details name the field. Nothing was changed.',
  401: 'No valid credentials: sign in or send an API token in the Authorization header.',
  403: 'The credentials are valid but do not allow this operation.',
  404: 'Something the request names does not exist.',
  409: 'Something with that name already exists.',
  415: 'The body must be sent as application/json.',
  429: 'Too many attempts: wait the number of seconds in the Retry-After header, then try again.',
  503: 'Maintenance mode is on: changes are refused until an admin turns it off.',
};

/** Error responses referencing the shared error schema, for an operation's `response` map. */
export function errorResponses(...statuses: ErrorStatus[]): Record<number, unknown> {
  const responses: Record<number, unknown> = {};
  for (const status of statuses) {
    responses[status] = { description: ERROR_DESCRIPTIONS[status], $ref: 'errorSchema#' };
  }
  return responses;
}

/** The documentation part every operation needs: one area, an id, a summary and a description. */
export function describe(tag: ApiArea, operationId: string, summary: string, description: string) {
  return { tags: [tag], operationId, summary, description };
}

/** A response with no body. */
export const noContent = (description: string) => ({ description, type: 'null' });
