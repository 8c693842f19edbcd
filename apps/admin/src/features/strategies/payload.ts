import type { Payload } from '../../api/wire.ts';

/** What is wrong with a variant payload, checked per type before it is sent. */
export function payloadProblem(payload: Payload | undefined): string | undefined {
  if (!payload) return undefined;
  if (payload.value === '') return 'Enter a payload value, or choose no payload';
  if (payload.type === 'json') {
    try {
      JSON.parse(payload.value);
    } catch (error) {
      return `Not valid JSON: ${(error as Error).message}`;
    }
  }
  if (payload.type === 'number' && !Number.isFinite(Number(payload.value))) return 'Enter a number';
  return undefined;
}
