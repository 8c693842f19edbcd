import { createAdminClient } from '../admin-client.ts';
import { defineCommand, stringOption } from '../command.ts';
import { CliError } from '../io.ts';
import { saveProfile } from '../sign-in.ts';

export default defineCommand({
  name: 'login',
  summary: 'Save a server and a token as a profile',
  description:
    'Checks the token against the server, then saves both in `~/.config/switchyard/profiles.json` (readable by you alone, mode 0600) under the profile name (`default` unless `--profile` names another). Later commands use the profile when neither options nor SWITCHYARD_URL/SWITCHYARD_TOKEN say otherwise.',
  unleash: 'Yes: reads `GET /api/admin/projects` to check the token.',
  examples: ['switchyard login --url http://localhost:4242 --token "$SWITCHYARD_TOKEN"'],
  async run({ values, io, json }) {
    const url = stringOption(values, 'url') ?? io.env.SWITCHYARD_URL;
    const token = stringOption(values, 'token') ?? io.env.SWITCHYARD_TOKEN;
    if (!url || !token)
      throw new CliError('login needs --url and --token (or SWITCHYARD_URL and SWITCHYARD_TOKEN)', 2);
    const client = createAdminClient(url, token);
    const { projects } = await client.get<{ projects: { id: string }[] }>('/api/admin/projects');
    const name = stringOption(values, 'profile') ?? 'default';
    const file = saveProfile(io, name, { url: client.url, token });
    if (json) io.stdout(JSON.stringify({ profile: name, url: client.url, file, projects: projects.length }));
    else
      io.stdout(
        `Signed in to ${client.url} (${projects.length} projects visible); saved profile "${name}" in ${file}`,
      );
  },
});
