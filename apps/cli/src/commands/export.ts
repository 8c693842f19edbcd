import path from 'node:path';
import { defineCommand, stringOption } from '../command.ts';
import { writeWorkspace } from '../flags-as-code/files.ts';
import { CliError } from '../io.ts';
import { readServer } from '../flags-as-code/server-state.ts';
import { progress } from '../output.ts';

export default defineCommand({
  name: 'export',
  summary: 'Write a project’s flags, segments and context fields as YAML files',
  description:
    'Writes `switchyard.yaml` (the project), `flags/<name>.yaml` (one file per flag: type, description, and per environment whether it is on, its strategies with constraints, segments by name and strategy variants, and its variants), `segments.yaml` (the project’s segments and the global ones its flags use), `context-fields.yaml` and `switchyard.schema.json` (for editor completion: each YAML file names it in a `# yaml-language-server: $schema=` line, or names the published copy given with `--schema-url`). Keys and lists come in a stable order, so a second export of an unchanged server changes no byte. Flag files of flags that are gone are removed.',
  args: ['DIR'],
  options: {
    project: {
      type: 'string',
      short: 'p',
      placeholder: 'project',
      description: 'The project to export.',
      required: true,
    },
    'schema-url': {
      type: 'string',
      placeholder: 'url',
      description:
        'The address the files’ `$schema=` lines name instead of the switchyard.schema.json beside them, such as your docs site’s `/schemas/flags-as-code.schema.json`.',
    },
  },
  unleash:
    'Yes: reads `GET /api/admin/projects/{project}/features` and each flag, `/api/admin/segments`, `/api/admin/context` and `/api/admin/environments/project/{project}`.',
  examples: [
    'switchyard export --project default flags',
    'switchyard export --project default --schema-url https://docs.example.com/schemas/flags-as-code.schema.json flags',
  ],
  async run({ values, positionals, io, json, client }) {
    const project = stringOption(values, 'project')!;
    const dir = path.resolve(io.cwd, positionals[0]!);
    const schemaUrl = stringOption(values, 'schema-url');
    if (schemaUrl !== undefined && !/^https?:\/\/[^\s/]+\/\S*$/.test(schemaUrl))
      throw new CliError(`--schema-url must be an absolute http(s) address, not "${schemaUrl}"`, 2);
    const server = await readServer(await client(), project, progress(io, 'export'));
    const files = writeWorkspace(dir, server.workspace, schemaUrl);
    const { flags, segments, contextFields } = server.workspace;
    const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    if (json)
      io.stdout(
        JSON.stringify({
          dir,
          files,
          flags: flags.length,
          segments: segments.length,
          contextFields: contextFields.length,
        }),
      );
    else
      io.stdout(
        `Exported ${count(flags.length, 'flag')}, ${count(segments.length, 'segment')} and ${count(contextFields.length, 'context field')} of project "${project}" to ${dir}`,
      );
  },
});
