import { useState } from 'react';
import { ApiError, call } from './client.ts';

/**
 * Asks the server whether a new name is free and valid when its field is left (POST `{ name }` to a validate
 * operation), so a taken name shows before submitting. Network failures are left to the submit.
 */
/** The operations that answer whether a name is free: each takes `{ name }` and no path parameters. */
type NameCheck = 'validateSegment' | 'validateTagType' | 'validateContextFieldName';

export function useNameCheck(operationId: NameCheck) {
  const [problem, setProblem] = useState<string | undefined>();
  const check = async (name: string) => {
    if (!name.trim()) return setProblem(undefined);
    try {
      await call(operationId, { body: { name: name.trim() } });
      setProblem(undefined);
    } catch (error) {
      setProblem(error instanceof ApiError && error.status < 500 ? error.message : undefined);
    }
  };
  return { problem, check, clear: () => setProblem(undefined) };
}
