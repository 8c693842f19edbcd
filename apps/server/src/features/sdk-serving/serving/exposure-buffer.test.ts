import { describe, expect, it } from 'vitest';
import { createExposureBuffer, MAX_PENDING_EXPOSURES } from './exposure-buffer.ts';

describe('the first-exposure buffer', () => {
  it('holds a user once per running experiment, and nothing for other flags or environments', () => {
    const buffer = createExposureBuffer({ now: () => 1_000 });
    expect(buffer.port.watching('development')).toBe(false);
    buffer.setRunning([{ id: 7, environment: 'development', flagName: 'checkout' }]);
    expect(buffer.port.watching('development')).toBe(true);
    expect(buffer.port.watching('production')).toBe(false);
    expect(buffer.port.saw('development', 'u1', 'checkout', 'green')).toBe(true);
    expect(buffer.port.saw('development', 'u1', 'checkout', 'green')).toBe(true);
    expect(buffer.port.saw('development', 'u1', 'other', 'green')).toBe(false);
    // Another process's exposure of the same user is not held twice.
    buffer.add([{ experimentId: 7, user: 'u1', variant: 'green', at: 5 }]);
    buffer.add([{ experimentId: 7, user: 'u2', variant: 'blue', at: 5 }]);
    expect(buffer.take()).toEqual([
      { experimentId: 7, user: 'u1', variant: 'green', at: 1_000 },
      { experimentId: 7, user: 'u2', variant: 'blue', at: 5 },
    ]);
    // Taken is still remembered; forgotten (a failed write) is held again.
    expect(buffer.port.saw('development', 'u2', 'checkout', 'blue')).toBe(true);
    expect(buffer.pendingCount()).toBe(0);
    buffer.forget([{ experimentId: 7, user: 'u2', variant: 'blue', at: 5 }]);
    buffer.port.saw('development', 'u2', 'checkout', 'blue');
    expect(buffer.take(10)).toHaveLength(1);
  });

  it('drops and counts what comes past its bound until it is taken', () => {
    const buffer = createExposureBuffer();
    buffer.setRunning([{ id: 1, environment: 'development', flagName: 'f' }]);
    for (let i = 0; i < MAX_PENDING_EXPOSURES + 10; i++) buffer.port.saw('development', `u${i}`, 'f', 'a');
    expect(buffer.pendingCount()).toBe(MAX_PENDING_EXPOSURES);
    expect(buffer.takeDropped()).toBe(10);
    expect(buffer.takeDropped()).toBe(0);
    expect(buffer.take(100)).toHaveLength(100);
    expect(buffer.pendingCount()).toBe(MAX_PENDING_EXPOSURES - 100);
  });
});
