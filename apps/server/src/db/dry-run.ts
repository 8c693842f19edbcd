import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether the code running now only tries a change in a transaction that will be rolled back (a change request's
 * preview or a draft's check). Such a try changes nothing, so it owes no outbox delivery, no notification and no
 * "a change happened" signal, and the write gate (maintenance mode) has nothing to refuse.
 */
const dryRun = new AsyncLocalStorage<true>();

export const isDryRun = (): boolean => dryRun.getStore() === true;

/** Runs fn marked as a dry run; the caller is the one that rolls it back. */
export const markedDryRun = <T>(fn: () => Promise<T>): Promise<T> => dryRun.run(true, fn);
