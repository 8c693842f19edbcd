import { useState } from 'react';
import { ApiError, call } from '../../api/client.ts';

/**
 * Asks the server whether a new password is strong enough as soon as the field is left, so the person hears
 * about it before submitting. Only the server's refusal is shown; a network failure is left to the submit.
 */
export function usePasswordCheck() {
  const [problem, setProblem] = useState<string | undefined>();
  const check = async (password: string) => {
    if (password.length === 0) return setProblem(undefined);
    try {
      await call('validateUserPassword', { body: { password } });
      setProblem(undefined);
    } catch (error) {
      setProblem(error instanceof ApiError && error.status === 400 ? error.message : undefined);
    }
  };
  return { problem, check, clear: () => setProblem(undefined) };
}
