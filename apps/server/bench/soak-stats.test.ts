import { describe, expect, it } from 'vitest';
import { newTally, percentile, record, rssSlope, slope, soakMinutes } from './soak-stats.ts';

describe('soak arithmetic', () => {
  it('takes the nearest-rank percentile of an interval, in any order', () => {
    const latencies = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1
    expect(percentile(latencies, 99)).toBe(99);
    expect(percentile(latencies, 50)).toBe(50);
    expect(percentile(latencies, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
    expect(percentile([1, 2, 3, 400], 99)).toBe(400);
  });

  it('fits a least-squares slope', () => {
    expect(
      slope([
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 5 },
      ]),
    ).toBeCloseTo(2);
    expect(
      slope([
        { x: 0, y: 2 },
        { x: 1, y: 0 },
        { x: 2, y: 4 },
        { x: 3, y: 2 },
      ]),
    ).toBeCloseTo(0.4);
    expect(slope([{ x: 1, y: 1 }])).toBeUndefined();
    expect(
      slope([
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ]),
    ).toBeUndefined();
  });

  it('gives the RSS slope in MB per minute after the first minute, or over all samples when the run is short', () => {
    // Start-up growth in the first minute, then a flat 100 MB: no leak.
    const flat = [0, 10, 30, 60, 70, 80, 90, 100, 110, 120].map((seconds) => ({
      seconds,
      rssMb: seconds <= 60 ? 50 + seconds : 100 + (seconds % 20 ? 0.5 : -0.5),
    }));
    expect(rssSlope(flat).fromSeconds).toBe(70);
    expect(Math.abs(rssSlope(flat).mbPerMinute!)).toBeLessThan(1);
    // 1 MB every 10 s after the first minute is 6 MB per minute.
    const leak = Array.from({ length: 19 }, (_, i) => ({
      seconds: i * 10,
      rssMb: i <= 6 ? 80 : 80 + (i - 6),
    }));
    expect(rssSlope(leak).mbPerMinute).toBeCloseTo(6);
    const short = [
      { seconds: 0, rssMb: 90 },
      { seconds: 30, rssMb: 91 },
      { seconds: 60, rssMb: 92 },
    ];
    expect(rssSlope(short)).toEqual({ mbPerMinute: 2, fromSeconds: 0 });
  });

  it('counts socket errors and answers other than 2xx and 304 apart', () => {
    const tally = newTally();
    for (const status of [200, 204, 304, 404, 500, undefined]) record(tally, 5, status);
    expect(tally).toMatchObject({ requests: 6, errors: 1, unexpected: 2 });
    expect(tally.latencies).toHaveLength(6);
  });

  it('reads the duration from the arguments or SOAK_MINUTES, and runs no soak unless asked', () => {
    expect(soakMinutes([], {})).toBeUndefined();
    expect(soakMinutes(['soak'], {})).toBe(10);
    expect(soakMinutes(['soak', '--minutes', '1'], {})).toBe(1);
    expect(soakMinutes(['soak', '--minutes=0.5'], {})).toBe(0.5);
    expect(soakMinutes([], { SOAK_MINUTES: '3' })).toBe(3);
    expect(soakMinutes(['--minutes', '2'], { SOAK_MINUTES: '3' })).toBe(2);
    expect(() => soakMinutes(['soak', '--minutes', 'ten'], {})).toThrow(/positive number/);
  });
});
