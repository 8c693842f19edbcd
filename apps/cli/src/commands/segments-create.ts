import { defineCommand, listOption, stringOption } from '../command.ts';
import { parseConstraint } from '../constraint-text.ts';
import { printRecord } from '../output.ts';

export default defineCommand({
  name: 'segments create',
  summary: 'Create a segment from constraints',
  description:
    'Each `--constraint` is `FIELD OPERATOR VALUE[,VALUE...]`, e.g. `region IN eu-north,eu-west` or `version SEMVER_GTE 2.0.0`; prefix the operator with `!` to invert it.',
  args: ['NAME'],
  options: {
    constraint: {
      type: 'string',
      multiple: true,
      placeholder: 'constraint',
      description: 'A constraint, as `FIELD OPERATOR VALUES`.',
    },
    description: { type: 'string', placeholder: 'text', description: 'What the segment is.' },
    project: {
      type: 'string',
      short: 'p',
      placeholder: 'project',
      description: 'Limit the segment to one project (global unless given).',
    },
  },
  unleash: 'Yes: `POST /api/admin/segments`.',
  examples: ['switchyard segments create nordic-beta --constraint "region IN eu-north,eu-west"'],
  async run({ values, positionals, io, json, client }) {
    const constraints = listOption(values, 'constraint').map((text, i) =>
      parseConstraint(text, `--constraint #${i + 1}`),
    );
    const segment = await (
      await client()
    ).send<{ id: number; name: string }>('POST', '/api/admin/segments', {
      name: positionals[0],
      description: stringOption(values, 'description') ?? '',
      project: stringOption(values, 'project') ?? null,
      constraints,
    });
    printRecord(io, json, { created: segment.name, id: segment.id }, segment);
  },
});
