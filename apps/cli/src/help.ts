import { GLOBAL_OPTIONS, type Command, type OptionSpec } from './command.ts';
import { COMMANDS } from './commands/index.ts';

export function usage(command: Command): string {
  const args = (command.args ?? []).map((a) => (a.endsWith('?') ? `[${a.slice(0, -1)}]` : a));
  const required = Object.entries(command.options ?? {})
    .filter(([, o]) => o.required)
    .map(([name, o]) => optionLabel(name, o));
  return ['switchyard', command.name, ...required, ...(command.options ? ['[options]'] : []), ...args].join(
    ' ',
  );
}

export function optionLabel(name: string, option: OptionSpec): string {
  const short = option.short ? `-${option.short}, ` : '';
  return `${short}--${name}${option.type === 'string' ? ` <${option.placeholder ?? 'value'}>` : ''}`;
}

function optionLines(options: Record<string, OptionSpec>): string[] {
  const entries = Object.entries(options);
  const width = Math.max(...entries.map(([name, o]) => optionLabel(name, o).length));
  return entries.map(
    ([name, o]) =>
      `  ${optionLabel(name, o).padEnd(width)}  ${o.description}${o.multiple ? ' (repeatable)' : ''}${o.required ? ' (required)' : ''}`,
  );
}

export function commandHelp(command: Command): string {
  const lines = [`usage: ${usage(command)}`, '', command.summary];
  if (command.description) lines.push('', command.description);
  if (command.options) lines.push('', 'options:', ...optionLines(command.options));
  lines.push('', 'global options:', ...optionLines(GLOBAL_OPTIONS));
  if (command.examples?.length) lines.push('', 'examples:', ...command.examples.map((e) => `  ${e}`));
  return lines.join('\n');
}

export function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: switchyard <command> [options]',
    '',
    'Flags, segments, context fields and tokens of a Switchyard (or Unleash) server, and flags as code.',
    'Sign in with --url and --token, SWITCHYARD_URL and SWITCHYARD_TOKEN, or `switchyard login`.',
    '',
    'commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `switchyard <command> --help` for a command’s options.',
  ].join('\n');
}
