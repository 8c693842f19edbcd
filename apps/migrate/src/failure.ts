import { HttpError } from './admin-client.ts';

/** A write that failed, and whether running the migration again can help or what to change first. */
export type Failure = {
  message: string;
  /** True when the same write may succeed later: the network, a busy server (429) or its fault (5xx). */
  retryable: boolean;
  /** What to do instead of retrying; undefined when retrying is the advice. */
  advice?: string;
};

type ErrorDetail = { path?: unknown; message?: unknown };

/** Sorts a failed write into one a retry can fix and one that needs a change, saying which change. */
export function classifyFailure(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error);
  // Anything but an answer (refused connection, reset, timeout) says nothing about the write itself.
  if (!(error instanceof HttpError)) return { message, retryable: true };
  const { status } = error;
  if (status === 429 || status >= 500) return { message, retryable: true };
  return { message, retryable: false, advice: adviceFor(status, error.body) };
}

function adviceFor(status: number, body: unknown): string {
  if (status === 401 || status === 403) {
    return 'the target refuses this token: give --to-token an admin token of the Switchyard instance';
  }
  if (status === 409) {
    return 'the target already has it: compare it with the source and change or delete one by hand';
  }
  const details = detailsOf(body);
  if (details.length) {
    const rules = details.map(({ path, message }) => (path ? `${path}: ${message}` : message));
    return `the target's rule: ${rules.join('; ')}; change this on the source or create it on the target by hand`;
  }
  return `the target answered ${status}, which a retry does not change: correct this on the source or create it on the target by hand`;
}

function detailsOf(body: unknown): { path?: string; message: string }[] {
  const details = (body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return (details as ErrorDetail[])
    .filter((detail) => typeof detail?.message === 'string')
    .map((detail) => ({
      message: String(detail.message),
      ...(typeof detail.path === 'string' ? { path: detail.path } : {}),
    }));
}
