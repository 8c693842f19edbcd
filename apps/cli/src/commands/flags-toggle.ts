import { seg } from '../admin-client.ts';
import { defineCommand, stringOption } from '../command.ts';
import type { WireFlag } from '../flags-as-code/server-state.ts';
import { CliError } from '../io.ts';
import { printRecord } from '../output.ts';

export default defineCommand({
  name: 'flags toggle',
  summary: 'Turn a flag on or off in one environment',
  description:
    'With `--on` or `--off` sets that state; with neither, flips the current one. Where the environment requires change requests the server refuses a direct write (403, SKIP_CHANGE_REQUEST): use `switchyard apply`, which opens a change request.',
  args: ['NAME'],
  options: {
    project: {
      type: 'string',
      short: 'p',
      placeholder: 'project',
      description: 'The project (`default` unless given).',
    },
    environment: {
      type: 'string',
      short: 'e',
      placeholder: 'environment',
      description: 'The environment.',
      required: true,
    },
    on: { type: 'boolean', description: 'Turn it on.' },
    off: { type: 'boolean', description: 'Turn it off.' },
  },
  unleash: 'Yes: `POST /api/admin/projects/{project}/features/{name}/environments/{environment}/on|off`.',
  examples: ['switchyard flags toggle new-checkout -e development --on'],
  async run({ values, positionals, io, json, client }) {
    if (values.on && values.off) throw new CliError('give --on or --off, not both', 2);
    const project = stringOption(values, 'project') ?? 'default';
    const environment = stringOption(values, 'environment')!;
    const api = await client();
    const path = `/api/admin/projects/${seg(project)}/features/${seg(positionals[0]!)}`;
    let enabled = values.on ? true : values.off ? false : undefined;
    if (enabled === undefined) {
      const flag = await api.get<WireFlag>(path);
      const current = flag.environments.find((e) => e.name === environment);
      if (!current) throw new CliError(`flag "${flag.name}" has no environment "${environment}"`);
      enabled = !current.enabled;
    }
    await api.send('POST', `${path}/environments/${seg(environment)}/${enabled ? 'on' : 'off'}`);
    printRecord(io, json, { flag: positionals[0], environment, enabled });
  },
});
