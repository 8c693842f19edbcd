import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createAdminClient, type AdminClient } from './admin-client.ts';
import { GLOBAL_OPTIONS, type Command, type OptionSpec, type Values } from './command.ts';
import { COMMANDS } from './commands/index.ts';
import { commandHelp, overview } from './help.ts';
import { CliError, type Io } from './io.ts';
import { resolveSignIn } from './sign-in.ts';

/** The command whose name matches the most leading words of argv. */
export function findCommand(argv: string[]): { command?: Command; rest: string[] } {
  const words = argv.filter((a) => !a.startsWith('-'));
  let best: Command | undefined;
  for (const command of COMMANDS) {
    const name = command.name.split(' ');
    if (name.every((word, i) => words[i] === word) && (!best || name.length > best.name.split(' ').length))
      best = command;
  }
  if (!best) return { rest: argv };
  // Drop the command's words (the first occurrence of each, in order) and keep the rest as typed.
  const rest = [...argv];
  for (const word of best.name.split(' ')) rest.splice(rest.indexOf(word), 1);
  return { command: best, rest };
}

function toParseOptions(options: Record<string, OptionSpec>): ParseArgsConfig['options'] {
  return Object.fromEntries(
    Object.entries(options).map(([name, o]) => [
      name,
      { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) },
    ]),
  );
}

/** Runs one command line and returns its exit code; errors are printed, never thrown. */
export async function run(argv: string[], io: Io): Promise<number> {
  try {
    if (
      argv.length === 0 ||
      argv[0] === '--help' ||
      argv[0] === '-h' ||
      (argv[0] === 'help' && argv.length === 1)
    ) {
      io.stdout(overview());
      return 0;
    }
    if (argv[0] === '--version' || argv[0] === '-v') {
      io.stdout(VERSION);
      return 0;
    }
    const asHelp = argv[0] === 'help';
    const { command, rest } = findCommand(asHelp ? argv.slice(1) : argv);
    if (!command) {
      const prefix = argv.filter((a) => !a.startsWith('-')).join(' ');
      const near = COMMANDS.filter((c) => c.name.startsWith(argv[0] ?? '')).map((c) => c.name);
      throw new CliError(
        `unknown command "${prefix}"${near.length ? `; did you mean: ${near.join(', ')}` : ''}. Run \`switchyard --help\``,
        2,
      );
    }
    if (asHelp) {
      io.stdout(commandHelp(command));
      return 0;
    }
    const options = { ...GLOBAL_OPTIONS, ...command.options };
    let parsed;
    try {
      parsed = parseArgs({
        args: rest,
        options: toParseOptions(options),
        allowPositionals: true,
        strict: true,
      });
    } catch (error) {
      throw new CliError(`${(error as Error).message}\n\n${commandHelp(command)}`, 2);
    }
    const values = parsed.values as Values;
    const { positionals } = parsed;
    if (values.help) {
      io.stdout(commandHelp(command));
      return 0;
    }
    const required = (command.args ?? []).filter((a) => !a.endsWith('?') && !a.endsWith('...?'));
    if (positionals.length < required.length)
      throw new CliError(
        `missing ${required.slice(positionals.length).join(' ')}\n\n${commandHelp(command)}`,
        2,
      );
    const maxArgs = (command.args ?? []).some((a) => a.includes('...'))
      ? Infinity
      : (command.args ?? []).length;
    if (positionals.length > maxArgs)
      throw new CliError(`unexpected argument "${positionals[maxArgs]}"\n\n${commandHelp(command)}`, 2);
    for (const [name, spec] of Object.entries(command.options ?? {}))
      if (spec.required && values[name] === undefined)
        throw new CliError(`missing --${name}\n\n${commandHelp(command)}`, 2);
    let client: AdminClient | undefined;
    const code = await command.run({
      values,
      positionals,
      io,
      json: values.json === true,
      client: async () => {
        if (!client) {
          const { url, token } = resolveSignIn(values, io);
          client = createAdminClient(url, token);
        }
        return client;
      },
    });
    return code ?? 0;
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`switchyard: ${error.message}`);
      return error.exitCode;
    }
    io.stderr(
      `switchyard: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 1;
  }
}

/** Set by the bundle (scripts/build.mjs) from package.json; `dev` when run from the sources. */
declare const __SWITCHYARD_VERSION__: string | undefined;
export const VERSION = typeof __SWITCHYARD_VERSION__ === 'string' ? __SWITCHYARD_VERSION__ : 'dev';
