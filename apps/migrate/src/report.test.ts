import { describe, expect, it } from 'vitest';
import { HttpError } from './admin-client.ts';
import { classifyFailure } from './failure.ts';
import type { MigrationResult } from './migrate.ts';
import type { Step } from './plan.ts';
import { formatReport } from './report.ts';

const step = (key: string): Step => ({ kind: 'API token', key, action: 'create' });

function resultWith(failures: MigrationResult['failures'], weakTokens: string[] = []): MigrationResult {
  return {
    dryRun: false,
    steps: failures.map((failure) => failure.step),
    counts: { create: failures.length, update: 0, skip: 0, conflict: 0, manual: 0 },
    failures,
    weakTokens,
    resetLinks: new Map(),
    checks: [],
    writes: failures.length,
    durationMs: 10,
  };
}

/** The lines of the report from a failed step's line to the next step's. */
function linesAbout(report: string, key: string): string {
  const lines = report.split('\n');
  const at = lines.findIndex((line) => line.includes(`API token ${key}:`));
  return lines.slice(at, at + 2).join('\n');
}

describe('the report of failed writes', () => {
  it('says to run again for the network, 429 and 5xx, and what to change for a refusal', () => {
    const refusal = new HttpError(400, 'POST /api/admin/api-tokens → 400: …', {
      name: 'BadDataError',
      message: 'Request validation failed',
      details: [{ path: '/body/secret', message: '"secret" must have at least 16 characters' }],
    });
    const report = formatReport(
      resultWith([
        { step: step('network'), ...classifyFailure(new TypeError('fetch failed')) },
        { step: step('busy'), ...classifyFailure(new HttpError(429, 'POST → 429')) },
        { step: step('broken'), ...classifyFailure(new HttpError(502, 'POST → 502')) },
        { step: step('refused'), ...classifyFailure(refusal) },
        { step: step('forbidden'), ...classifyFailure(new HttpError(403, 'POST → 403')) },
      ]),
    );
    for (const key of ['network', 'busy', 'broken']) {
      expect(linesAbout(report, key)).toMatch(/\n {4}run again to retry$/);
    }
    const refused = linesAbout(report, 'refused');
    expect(refused).not.toContain('run again');
    expect(refused).toContain('a retry fails the same way');
    expect(refused).toContain('/body/secret: "secret" must have at least 16 characters');
    expect(linesAbout(report, 'forbidden')).toContain('--to-token');
    expect(report).not.toMatch(/Failed \(\d+; run again/);
  });

  it('names each weak token with advice to rotate it', () => {
    const report = formatReport(resultWith([], ['admin token "admin" (*:*.…)']));
    expect(report).toMatch(
      /Weak secrets \(1\)[^\n]*\n {2}Rotate each[^\n]*\n {2}admin token "admin" \(\*:\*\.…\)/,
    );
  });
});
