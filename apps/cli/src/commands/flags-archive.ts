import { seg } from '../admin-client.ts';
import { defineCommand, stringOption } from '../command.ts';
import { printRecord } from '../output.ts';

export default defineCommand({
  name: 'flags archive',
  summary: 'Archive a flag (SDKs stop receiving it; it can be revived)',
  args: ['NAME'],
  options: {
    project: {
      type: 'string',
      short: 'p',
      placeholder: 'project',
      description: 'The project (`default` unless given).',
    },
  },
  unleash: 'Yes: `DELETE /api/admin/projects/{project}/features/{name}`.',
  examples: ['switchyard flags archive old-banner'],
  async run({ values, positionals, io, json, client }) {
    const project = stringOption(values, 'project') ?? 'default';
    await (
      await client()
    ).send('DELETE', `/api/admin/projects/${seg(project)}/features/${seg(positionals[0]!)}`);
    printRecord(io, json, { archived: positionals[0], project });
  },
});
