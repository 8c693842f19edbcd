import path from 'node:path';
import { defineCommand, stringOption } from '../command.ts';
import { readWorkspace } from '../flags-as-code/files.ts';
import { formatPlan, planChanges, PlanProblems } from '../flags-as-code/plan.ts';
import { readServer } from '../flags-as-code/server-state.ts';
import { CliError } from '../io.ts';
import { progress } from '../output.ts';

export const PLAN_OPTIONS = {
  prune: { type: 'boolean' as const, description: 'Archive flags of the project that no file describes.' },
  sample: {
    type: 'string' as const,
    placeholder: 'n',
    description: 'Contexts to evaluate for the impact (1000 unless given).',
  },
};

export const sampleSize = (value: string | undefined) => {
  if (value === undefined) return 1000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100_000)
    throw new CliError('--sample: must be a whole number from 1 to 100000', 2);
  return n;
};

export default defineCommand({
  name: 'plan',
  summary: 'Show how the server differs from the files, and the evaluation impact',
  description:
    'Reads the files, checks them (every problem names its file and field), reads the server and prints each difference as a diff from the server to the files: a change in the files, or drift (a change made in the UI since the last apply). Then the impact: every flag is evaluated before and after on the same sample of contexts (users user-1…N, with the legal values of each context field) in every environment, e.g. "+12% of users in production would now get the flag". Exits 2 when the files have problems, 1 when the server refuses, and 0 otherwise; with `--exit-code`, 3 when there is something to apply.',
  args: ['DIR'],
  options: {
    ...PLAN_OPTIONS,
    'exit-code': {
      type: 'boolean',
      description: 'Exit 3 when there is something to apply (0 when not), for scripts.',
    },
  },
  unleash:
    'Yes, reads only; change request settings are read where the server has them (Unleash Enterprise).',
  examples: ['switchyard plan flags', 'switchyard plan flags --json > plan.json'],
  async run({ values, positionals, io, json, client }) {
    const dir = path.resolve(io.cwd, positionals[0]!);
    const files = readWorkspace(dir);
    const server = await readServer(await client(), files.project, progress(io, 'plan'));
    let plan;
    try {
      plan = planChanges(files, server, {
        prune: values.prune === true,
        sample: sampleSize(stringOption(values, 'sample')),
      });
    } catch (error) {
      if (error instanceof PlanProblems) throw new CliError(error.message, 2);
      throw error;
    }
    io.stdout(json ? JSON.stringify(plan, null, 2) : formatPlan(plan, { prune: values.prune === true }));
    return plan.steps.length && values['exit-code'] ? 3 : 0;
  },
});
