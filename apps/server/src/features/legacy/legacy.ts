import { describe } from '../../http/operation.ts';

/**
 * The documentation part of a legacy operation: the Legacy area, `deprecated: true`, and a description that names the
 * operation to use instead.
 */
export function describeLegacy(
  operationId: string,
  summary: string,
  description: string,
  replacement: string,
) {
  return {
    ...describe('Legacy', operationId, summary, `${description} Deprecated: use ${replacement} instead.`),
    deprecated: true,
  };
}
