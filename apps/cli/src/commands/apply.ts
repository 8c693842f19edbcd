import path from 'node:path';
import { defineCommand, stringOption } from '../command.ts';
import { applyPlan, describeStep } from '../flags-as-code/apply.ts';
import { currentCommit } from '../flags-as-code/commit.ts';
import { readWorkspace } from '../flags-as-code/files.ts';
import { environmentOf, formatPlan, planChanges, PlanProblems } from '../flags-as-code/plan.ts';
import { readServer } from '../flags-as-code/server-state.ts';
import { CliError } from '../io.ts';
import { progress } from '../output.ts';
import { PLAN_OPTIONS, sampleSize } from './plan.ts';

export default defineCommand({
  name: 'apply',
  summary: 'Make the server match the files, through change requests where they are required',
  description:
    'Computes the plan as `switchyard plan` does, prints it, and writes it: context fields, then segments, then flags. In an environment that requires change requests nothing is written directly: the changes go into one change request per environment, titled after the commit (`git rev-parse HEAD` in DIR) with a comment linking to it (SWITCHYARD_COMMIT_URL, with `{sha}` replaced, or the GitHub Actions or GitLab CI commit URL), submitted for review; its URL is printed. Archiving a flag (`--prune`) and changing a project segment go through a change request when any environment of the project requires them. Creating a flag is always direct. Segments and context fields missing from the files are left alone.',
  args: ['DIR'],
  options: {
    ...PLAN_OPTIONS,
    title: {
      type: 'string',
      placeholder: 'text',
      description: 'Title of the change requests (else from the commit).',
    },
  },
  unleash:
    'Yes: the same writes through `/api/admin/...`; change requests only on Unleash Enterprise, where they are on.',
  examples: [
    'switchyard apply flags',
    'SWITCHYARD_COMMIT_URL="https://git.example.com/web/commit/{sha}" switchyard apply flags',
  ],
  async run({ values, positionals, io, json, client }) {
    const dir = path.resolve(io.cwd, positionals[0]!);
    const files = readWorkspace(dir);
    const api = await client();
    const server = await readServer(api, files.project, progress(io, 'apply'));
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
    if (!json) io.stdout(formatPlan(plan, { prune: values.prune === true }));
    if (plan.steps.length === 0) {
      if (json) io.stdout(JSON.stringify({ written: 0, changeRequests: [] }));
      return 0;
    }
    const report = progress(io, 'apply');
    const result = await applyPlan(api, plan, server, {
      commit: currentCommit(dir, io.env),
      title: stringOption(values, 'title'),
      progress: report,
    });
    if (json) {
      io.stdout(
        JSON.stringify(
          {
            ...result,
            steps: plan.steps.map((s) => describeStep(s, plan.reviewed.includes(environmentOf(s) ?? ''))),
          },
          null,
          2,
        ),
      );
      return 0;
    }
    io.stdout(`\nApplied: ${result.written} direct write(s).`);
    for (const cr of result.changeRequests)
      io.stdout(
        `Opened change request #${cr.id} for ${cr.environment} (${cr.changes} change(s), ${cr.state}): ${cr.url}`,
      );
  },
});
