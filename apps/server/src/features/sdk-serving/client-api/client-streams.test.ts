import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createClientStreams, type ClientStream } from './client-streams.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const fakeStream = () => {
  const log: string[] = [];
  const stream: ClientStream = {
    write: (text) => void log.push(text),
    update: async () => void log.push('update'),
    end: () => void log.push('end'),
  };
  return { stream, log };
};

it('sends one update per burst of changes and a heartbeat to every open stream', () => {
  const streams = createClientStreams({ heartbeatMs: 1_000, coalesceMs: 50 });
  const a = fakeStream();
  const b = fakeStream();
  streams.add(a.stream);
  const removeB = streams.add(b.stream);
  streams.changed();
  streams.changed();
  vi.advanceTimersByTime(50);
  expect(a.log).toEqual(['update']);
  removeB();
  vi.advanceTimersByTime(1_000);
  expect(a.log).toEqual(['update', ': keep-alive\n\n']);
  expect(b.log).toEqual(['update']);
});

it('ends every stream on endAll, and at once any stream added afterwards', () => {
  const streams = createClientStreams();
  const open = fakeStream();
  streams.add(open.stream);
  streams.endAll();
  expect(open.log).toEqual(['end']);
  expect(streams.size).toBe(0);
  const late = fakeStream();
  streams.add(late.stream);
  expect(late.log).toEqual(['end']);
  expect(streams.size).toBe(0);
  expect(vi.getTimerCount()).toBe(0);
});

it('keeps no timer while no stream is open', () => {
  const streams = createClientStreams();
  const remove = streams.add(fakeStream().stream);
  expect(vi.getTimerCount()).toBe(1);
  remove();
  streams.changed();
  expect(vi.getTimerCount()).toBe(0);
});
