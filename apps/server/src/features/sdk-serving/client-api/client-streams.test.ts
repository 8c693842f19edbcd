import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ClientFeature } from './client-feature.ts';
import type { StreamSnapshot } from './client-stream-session.ts';
import { createClientStreams, type StreamTarget } from './client-streams.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const feature = (name: string, enabled: boolean) =>
  ({ name, project: 'default', enabled, strategies: [], variants: [] }) as unknown as ClientFeature;
const snapshot = (revisionId: number, enabled: boolean): StreamSnapshot => ({
  revisionId,
  features: [feature('checkout', enabled), feature('search', true)],
  segments: [],
});

const fakeTarget = (buffered = () => 0) => {
  const chunks: Buffer[] = [];
  const log: string[] = [];
  const target: StreamTarget = {
    write: (chunk) => void chunks.push(chunk),
    buffered,
    end: () => void log.push('end'),
    destroy: () => void log.push('destroy'),
  };
  return { target, chunks, log, text: () => chunks.map(String) };
};

it('builds each message once per channel and writes the same buffer to every stream', async () => {
  const streams = createClientStreams({ coalesceMs: 50 });
  let current = snapshot(1, false);
  const a = fakeTarget();
  const b = fakeTarget();
  streams.add('web', current, () => current, a.target);
  streams.add('web', current, () => current, b.target);
  expect(a.chunks[0]).toBe(b.chunks[0]);
  expect(a.text()[0]).toContain('event: unleash-connected');
  current = snapshot(2, true);
  streams.changed();
  streams.changed();
  await vi.advanceTimersByTimeAsync(50);
  await streams.settled();
  expect(a.chunks).toHaveLength(2);
  expect(a.chunks[1]).toBe(b.chunks[1]);
  expect(a.text()[1]).toContain('event: unleash-updated');
  expect(a.text()[1]).toContain('"name":"checkout"');
  expect(a.text()[1]).not.toContain('"name":"search"');
});

it('brings a stream that joined at an older revision up to date with its own diff', async () => {
  const streams = createClientStreams({ coalesceMs: 10 });
  const old = snapshot(1, false);
  let current = snapshot(2, true);
  const late = fakeTarget();
  const early = fakeTarget();
  streams.add('web', current, () => current, late.target);
  streams.add('web', old, () => current, early.target);
  current = snapshot(3, true);
  streams.changed();
  await vi.advanceTimersByTimeAsync(10);
  await streams.settled();
  // Revision 3 has the same flags as 2: the stream at 2 hears nothing, the one at 1 hears of checkout.
  expect(late.chunks).toHaveLength(1);
  expect(early.chunks).toHaveLength(2);
  expect(early.text()[1]).toContain('"name":"checkout"');
});

it('drops a stream that holds too much unsent, and sends the others their update', async () => {
  const streams = createClientStreams({ coalesceMs: 10, maxBufferedBytes: 1_000 });
  let current = snapshot(1, false);
  const slow = fakeTarget(() => 5_000);
  const fast = fakeTarget();
  streams.add('web', current, () => current, slow.target);
  streams.add('web', current, () => current, fast.target);
  current = snapshot(2, true);
  streams.changed();
  await vi.advanceTimersByTimeAsync(10);
  await streams.settled();
  expect(slow.log).toEqual(['destroy']);
  expect(slow.chunks).toHaveLength(1);
  expect(fast.chunks).toHaveLength(2);
  expect(streams.dropped).toBe(1);
});

it('sends one heartbeat to every open stream from one timer', () => {
  const streams = createClientStreams({ heartbeatMs: 1_000 });
  const a = fakeTarget();
  const b = fakeTarget();
  streams.add('web', snapshot(1, true), () => undefined, a.target);
  const removeB = streams.add('api', snapshot(1, true), () => undefined, b.target);
  expect(vi.getTimerCount()).toBe(1);
  removeB();
  vi.advanceTimersByTime(1_000);
  expect(a.text()[1]).toBe(': keep-alive\n\n');
  expect(b.chunks).toHaveLength(1);
});

it('ends every stream on endAll, and at once any stream added afterwards', () => {
  const streams = createClientStreams();
  const open = fakeTarget();
  streams.add('web', snapshot(1, true), () => undefined, open.target);
  streams.endAll();
  expect(open.log).toEqual(['end']);
  expect(streams.size).toBe(0);
  const late = fakeTarget();
  streams.add('web', snapshot(1, true), () => undefined, late.target);
  expect(late.log).toEqual(['end']);
  expect(streams.size).toBe(0);
  expect(vi.getTimerCount()).toBe(0);
});

it('keeps no timer while no stream is open', () => {
  const streams = createClientStreams();
  const remove = streams.add('web', snapshot(1, true), () => undefined, fakeTarget().target);
  expect(vi.getTimerCount()).toBe(1);
  remove();
  streams.changed();
  expect(vi.getTimerCount()).toBe(0);
  expect(streams.size).toBe(0);
});
