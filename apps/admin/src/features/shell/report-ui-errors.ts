import { call } from '../../api/client.ts';

/** Bounds of what the server takes (record-ui-error) and how many one page load sends. */
const MESSAGE_MAX = 1000;
const STACK_MAX = 10_000;
const PER_PAGE_LOAD = 20;

/** Sends what the UI could not handle to the server's log, a bounded number of times per page load. */
export function reportUiErrors(target: Pick<Window, 'addEventListener'> = window): void {
  let sent = 0;
  const report = (error: unknown, fallback: string) => {
    if (sent >= PER_PAGE_LOAD) return;
    sent += 1;
    const message = (error instanceof Error ? error.message : String(error ?? '')) || fallback;
    const stack = error instanceof Error ? error.stack : undefined;
    call('uiObservability', {
      body: { errorMessage: message.slice(0, MESSAGE_MAX), errorStack: stack?.slice(0, STACK_MAX) },
      // Reporting must never raise an error of its own.
    }).catch(() => undefined);
  };
  target.addEventListener('error', (event) =>
    report((event as ErrorEvent).error ?? (event as ErrorEvent).message, 'error'),
  );
  target.addEventListener('unhandledrejection', (event) =>
    report((event as PromiseRejectionEvent).reason, 'unhandled rejection'),
  );
}
