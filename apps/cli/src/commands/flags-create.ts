import { seg } from '../admin-client.ts';
import { defineCommand, stringOption } from '../command.ts';
import { printRecord } from '../output.ts';

export default defineCommand({
  name: 'flags create',
  summary: 'Create a flag (off in every environment)',
  args: ['NAME'],
  options: {
    project: {
      type: 'string',
      short: 'p',
      placeholder: 'project',
      description: 'The project (`default` unless given).',
    },
    type: {
      type: 'string',
      placeholder: 'type',
      description: 'release (default), experiment, operational, kill-switch or permission.',
    },
    description: { type: 'string', placeholder: 'text', description: 'What the flag is for.' },
    'impression-data': { type: 'boolean', description: 'Have SDKs emit impression events for it.' },
  },
  unleash: 'Yes: `POST /api/admin/projects/{project}/features`.',
  examples: ['switchyard flags create new-checkout --type release --description "The redesigned checkout"'],
  async run({ values, positionals, io, json, client }) {
    const project = stringOption(values, 'project') ?? 'default';
    const description = stringOption(values, 'description');
    const flag = await (
      await client()
    ).send<{ name: string; type: string; project: string }>(
      'POST',
      `/api/admin/projects/${seg(project)}/features`,
      {
        name: positionals[0],
        ...(stringOption(values, 'type') ? { type: stringOption(values, 'type') } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(values['impression-data'] ? { impressionData: true } : {}),
      },
    );
    printRecord(io, json, { created: flag.name, type: flag.type, project: flag.project ?? project }, flag);
  },
});
