import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicTask } from './periodic-task.ts';

/** A run that ends only when the test says so. */
function heldRuns() {
  const releases: Array<() => void> = [];
  let runs = 0;
  const work = vi.fn(async (stopping: () => boolean) => {
    runs++;
    await new Promise<void>((resolve) => releases.push(resolve));
    return stopping();
  });
  return { work, releaseAll: () => releases.splice(0).forEach((release) => release()), runs: () => runs };
}

describe('createPeriodicTask', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at start only when asked, then once per interval', async () => {
    const later = vi.fn(async () => undefined);
    const task = createPeriodicTask(later, { intervalMs: 1000 });
    task.start();
    expect(later).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(later).toHaveBeenCalledTimes(3);
    await task.stop();

    const atOnce = vi.fn(async () => undefined);
    const eager = createPeriodicTask(atOnce, { intervalMs: 1000, atStart: true });
    eager.start();
    expect(atOnce).toHaveBeenCalledTimes(1);
    await eager.stop();
  });

  it('never overlaps itself: a run that outlasts the interval makes the next ticks no-ops', async () => {
    const held = heldRuns();
    const task = createPeriodicTask(held.work, { intervalMs: 100 });
    task.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.runs()).toBe(1);
    held.releaseAll();
    await vi.advanceTimersByTimeAsync(100);
    expect(held.runs()).toBe(2);
    held.releaseAll();
    await task.stop();
  });

  it('stop tells the work it is stopping, waits for the run in progress and ends the interval', async () => {
    const held = heldRuns();
    const task = createPeriodicTask(held.work, { intervalMs: 100 });
    task.start();
    await vi.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.releaseAll();
    await stopping;
    expect(await held.work.mock.results[0]!.value).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.runs()).toBe(1);
  });

  it('hands a failed run to onError and goes on', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const task = createPeriodicTask(
      async () => {
        calls++;
        if (calls === 1) throw new Error('first run fails');
      },
      { intervalMs: 100, onError: (error) => errors.push(error) },
    );
    task.start();
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('first run fails');
    await task.stop();
  });
});
