import { describe, expect, it } from 'vitest';
import { chartSummary, toChart, unitOf } from './impact-metric-series.ts';

const data = {
  start: '2026-01-15T09:00:00.000Z',
  end: '2026-01-15T10:00:00.000Z',
  step: '1m',
  series: [
    {
      metric: { appName: 'web', environment: 'production', checkout: 'enabled' },
      data: [
        [1768467600, '3'],
        [1768467660, '4'],
      ] as [number, string][],
    },
    {
      metric: { appName: 'web', environment: 'production', checkout: 'disabled' },
      data: [[1768467660, '1.5']] as [number, string][],
    },
  ],
  labels: {},
  debug: { isTruncated: 'false' },
};

describe('an impact metric as a chart', () => {
  it('puts every series in rows by time, named by the labels that tell them apart', () => {
    const { rows, series } = toChart(data);
    expect(series).toEqual([
      { name: 's0', label: 'checkout=enabled' },
      { name: 's1', label: 'checkout=disabled' },
    ]);
    expect(rows).toEqual([
      { at: 1768467600_000, s0: 3 },
      { at: 1768467660_000, s0: 4, s1: 1.5 },
    ]);
    expect(toChart({ ...data, series: [data.series[0]!] }).series[0]!.label).toBe(
      'appName=web, environment=production, checkout=enabled',
    );
  });

  it('says the unit: counted per step or per second, else from the name’s suffix', () => {
    expect(unitOf('unleash_counter_errors', 'count', '5m')).toBe(' per 5m');
    expect(unitOf('errors', 'rps', '1m')).toBe('/s');
    expect(unitOf('unleash_histogram_latency_seconds', 'p95', '1m')).toBe(' s');
    expect(unitOf('latency_ms', 'avg', '1m')).toBe(' ms');
    expect(unitOf('queue', 'avg', '1m')).toBe('');
  });

  it('sums the chart up in words, threshold included', () => {
    const { rows, series } = toChart(data);
    expect(chartSummary('errors', rows, series, ' per 1m', 2)).toBe(
      'errors: 2 series, highest 4 per 1m, latest checkout=enabled 4 per 1m; checkout=disabled 1.5 per 1m; threshold 2 per 1m',
    );
    expect(chartSummary('errors', [], [], '')).toBe('errors: no data in this range');
  });
});
