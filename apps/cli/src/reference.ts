import { GLOBAL_OPTIONS, type Command, type OptionSpec } from './command.ts';
import { COMMANDS } from './commands/index.ts';
import { FLAGS_SCHEMA } from './flags-as-code/schema.ts';
import { optionLabel, usage } from './help.ts';

/** Where the generated files live, relative to the repository root (scripts/write-generated.ts writes them). */
export const REFERENCE_PAGE = 'apps/docs/docs/reference/cli.mdx';
export const PUBLISHED_SCHEMA = 'apps/docs/static/schemas/flags-as-code.schema.json';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function optionTable(options: Record<string, OptionSpec>): string[] {
  return [
    '| Option | Meaning |',
    '|---|---|',
    ...Object.entries(options).map(
      ([name, o]) =>
        `| \`${optionLabel(name, o)}\` | ${cell(o.description)}${o.multiple ? ' Repeatable.' : ''}${o.required ? ' Required.' : ''} |`,
    ),
  ];
}

function section(command: Command): string[] {
  const lines = [`## switchyard ${command.name}`, '', `${command.summary}.`, ''];
  if (command.description) lines.push(command.description, '');
  lines.push('```text', usage(command), '```', '');
  if (command.options) lines.push(...optionTable(command.options), '');
  lines.push(`**Against Unleash:** ${command.unleash}`, '');
  if (command.examples?.length)
    lines.push(
      '```bash norun="examples name flags and directories of your own; the Flags as code guide runs its commands"',
      ...command.examples,
      '```',
      '',
    );
  return lines;
}

/** The CLI reference page, generated from the command definitions: `npm run generate -w @switchyard/cli`. */
export function renderReference(): string {
  return [
    '---',
    'title: The switchyard command',
    'description: "Reference for the switchyard CLI: sign-in, flags, segments, context fields, tokens, and flags as code (export, plan, apply), with what each command needs from Unleash."',
    'sidebar_label: switchyard CLI',
    'sidebar_position: 53',
    'sidebar_custom_props:',
    '  group: Administration',
    '---',
    '',
    '{/* Generated from apps/cli/src/commands by `npm run generate -w @switchyard/cli`; edit the command definitions, not this page. */}',
    '',
    'The `switchyard` command (workspace `apps/cli`, package `@switchyard/cli`) works with a Switchyard server from a',
    'terminal or a CI job. It talks only through the public Admin API, on the paths Unleash has too, so most commands',
    'work against Unleash as well; each command below says what it calls. For a walk-through of export, plan and apply,',
    'see [How to manage flags as code](../how-to/how-to-manage-flags-as-code.mdx).',
    '',
    '```bash norun="installs from the registry; in the repository, npx switchyard runs the workspace"',
    'npm install --global @switchyard/cli',
    'switchyard --help',
    '```',
    '',
    '## Signing in',
    '',
    'Every command that calls the server takes the first of: `--url` and `--token`; `SWITCHYARD_URL` and',
    '`SWITCHYARD_TOKEN`; the profile `switchyard login` saved in `~/.config/switchyard/profiles.json` (mode 0600;',
    '`--profile` or `SWITCHYARD_PROFILE` picks one other than `default`). The token is an admin API token or a personal',
    'access token; the server checks its permissions for every call as it does for the admin UI.',
    '',
    '## Global options',
    '',
    ...optionTable(GLOBAL_OPTIONS),
    '',
    '## Output and exit codes',
    '',
    'Results go to standard output, as aligned text or, with `--json`, as JSON for scripts; progress lines',
    '(`[apply] 3/12 ...`) and errors go to standard error. When the server refuses, the error names the call and each',
    'field the server names, e.g. `name: must match pattern ...`. Exit codes: `0` success, `1` the server refused or',
    'could not be reached, `2` a usage error or files with problems, `3` (`plan --exit-code` only) something to apply.',
    '',
    ...COMMANDS.flatMap(section),
    '## The files',
    '',
    '`switchyard export` writes `switchyard.yaml`, `flags/<name>.yaml`, `segments.yaml` and `context-fields.yaml`, and',
    '`switchyard.schema.json` beside them. Each YAML file starts with a `# yaml-language-server: $schema=` line, so',
    'editors with the YAML language server complete and check the fields. The same schema is published at',
    `[/schemas/flags-as-code.schema.json](pathname:///schemas/flags-as-code.schema.json); it defines`,
    `${Object.keys(FLAGS_SCHEMA.$defs as object)
      .map((d) => `\`${d}\``)
      .join(', ')}.`,
    '',
  ].join('\n');
}

/** The schema as the repository formats JSON (Prettier), so `npm run lint` and the generator agree. */
export async function renderPublishedSchema(): Promise<string> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(PUBLISHED_SCHEMA)) ?? {};
  return prettier.format(JSON.stringify(FLAGS_SCHEMA), { ...options, parser: 'json' });
}
