import { seg } from '../admin-client.ts';
import { defineCommand, stringOption } from '../command.ts';
import { printTable } from '../output.ts';

type FlagSummary = {
  name: string;
  type: string;
  stale?: boolean;
  environments?: { name: string; enabled: boolean }[];
};

export default defineCommand({
  name: 'flags list',
  summary: 'List the flags of a project',
  options: {
    project: {
      type: 'string',
      short: 'p',
      placeholder: 'project',
      description: 'The project (`default` unless given).',
    },
  },
  unleash: 'Yes: `GET /api/admin/projects/{project}/features`.',
  examples: ['switchyard flags list --project default', 'switchyard flags list --json | jq -r ".[].name"'],
  async run({ values, io, json, client }) {
    const project = stringOption(values, 'project') ?? 'default';
    const { features } = await (
      await client()
    ).get<{ features: FlagSummary[] }>(`/api/admin/projects/${seg(project)}/features`);
    const rows = features.map((flag) => ({
      name: flag.name,
      type: flag.type,
      stale: flag.stale ? 'stale' : '',
      on: (flag.environments ?? []).filter((e) => e.enabled).map((e) => e.name),
    }));
    printTable(io, json, rows, ['name', 'type', 'on', 'stale'], features);
  },
});
