import type { Step } from './plan.ts';
import type { MigrationResult } from './migrate.ts';
import type { TokenCheck } from './verify.ts';

/** What never moves, whatever the source holds. */
export const NOT_MOVED = [
  'change requests in progress (apply or close them on Unleash first, or make them again on Switchyard)',
  'metrics and "last seen" times (SDKs report them again to Switchyard)',
  'events (the audit log starts afresh; the migration itself is recorded there)',
  'passwords (migrated users set a new one with their reset link)',
];

/** The plan as a table: one line a step that does something, and how many were skipped. */
export function formatPlan(steps: Step[]): string {
  const lines = steps
    .filter((step) => step.action !== 'skip')
    .map(
      (step) => `  ${step.action.padEnd(8)} ${step.kind} ${step.key}${step.detail ? `: ${step.detail}` : ''}`,
    );
  const skipped = steps.length - lines.length;
  return [...lines, `  (${skipped} identical on the target, skipped)`].join('\n');
}

export function formatReport(result: MigrationResult): string {
  const { counts } = result;
  const out: string[] = [];
  out.push(result.dryRun ? 'Plan (dry run: nothing written)' : 'Migration');
  out.push(formatPlan(result.steps));
  out.push(
    `Steps: ${counts.create} create, ${counts.update} update, ${counts.skip} skip, ${counts.conflict} conflict, ${counts.manual} manual`,
  );
  if (!result.dryRun) out.push(`Writes: ${result.writes} in ${(result.durationMs / 1000).toFixed(1)} s`);
  if (result.failures.length) {
    out.push(`Failed (${result.failures.length}):`);
    for (const { step, message, retryable, advice } of result.failures) {
      out.push(`  ${step.kind} ${step.key}: ${message}`);
      out.push(retryable ? '    run again to retry' : `    a retry fails the same way; ${advice ?? ''}`);
    }
  }
  if (result.weakTokens.length) {
    out.push(
      `Weak secrets (${result.weakTokens.length}): moved as they are, since SDKs and scripts use them, but short enough to guess.`,
      '  Rotate each: create a new token on Switchyard, give it to what uses the old one, then delete the old one.',
    );
    for (const token of result.weakTokens) out.push(`  ${token}`);
  }
  const manual = result.steps.filter((step) => step.action === 'manual');
  if (manual.length) {
    out.push('To do by hand:');
    for (const step of manual) out.push(`  ${step.kind} ${step.key}: ${step.detail ?? ''}`);
  }
  if (result.resetLinks.size) {
    out.push('Reset links (send each user theirs; they work once, for 24 hours):');
    for (const [user, link] of result.resetLinks) out.push(`  ${user}: ${link}`);
  }
  if (result.checks) {
    out.push('Verification:');
    if (!result.checks.length) out.push('  no client token with a known secret to compare with');
    for (const check of result.checks) {
      const same = isSame(check);
      out.push(
        `  ${check.token}: payload ${same ? 'identical' : 'DIFFERENT'} (${check.sourceDigest} / ${check.targetDigest}), ` +
          `${check.evaluations - check.differentResults.length}/${check.evaluations} evaluations agree`,
      );
      for (const { flag, source, target } of check.differences) {
        out.push(`    differs: ${flag}`, `      source: ${source}`, `      target: ${target}`);
      }
      for (const line of check.differentResults.slice(0, 20)) out.push(`    ${line}`);
      for (const name of check.differentSegments) out.push(`    segment differs: ${name}`);
      for (const name of check.unusedTargetSegments)
        out.push(`    segment served that no served flag uses: ${name}`);
    }
  } else if (!result.dryRun) {
    out.push(
      'Verification: skipped (export files as the source: there is no source Client API to compare with)',
    );
  }
  out.push('Not moved:');
  for (const line of NOT_MOVED) out.push(`  ${line}`);
  return out.join('\n');
}

/** Whether the run left anything for a person to look at. */
export function isClean(result: MigrationResult): boolean {
  return (
    result.failures.length === 0 &&
    result.counts.conflict === 0 &&
    (result.checks ?? []).every((c) => isSame(c) && !c.differentResults.length)
  );
}

/** Whether both servers serve a token the same flags and, through them, the same segments. */
function isSame(check: TokenCheck): boolean {
  return (
    check.sourceDigest === check.targetDigest &&
    !check.differentFlags.length &&
    !check.differentSegments.length &&
    !check.unusedTargetSegments.length
  );
}
