import type { AdminClient } from './admin-client.ts';
import type { Io } from './io.ts';

/** One option of a command, as `util.parseArgs` takes it, with what the help and the reference say about it. */
export type OptionSpec = {
  type: 'string' | 'boolean';
  description: string;
  short?: string;
  multiple?: boolean;
  /** Shown in the help as `--name <placeholder>`. */
  placeholder?: string;
  required?: boolean;
};

export type Values = Record<string, string | boolean | string[] | undefined>;

/** What a handler gets: its parsed options and positionals, the IO, and a client signed in on first use. */
export type CommandContext = {
  values: Values;
  positionals: string[];
  io: Io;
  /** The Admin API client, signed in from --url/--token, the environment or a saved profile. */
  client(): Promise<AdminClient>;
  json: boolean;
};

/**
 * A command, declared: the registry (commands/index.ts) lists them, `--help` and the docs' CLI reference are
 * generated from these fields, and `main` parses arguments with them.
 */
export type Command = {
  /** Words typed after `switchyard`: `flags list`. */
  name: string;
  summary: string;
  /** Longer prose for the reference page and `--help`. */
  description?: string;
  /** Positional arguments, e.g. `NAME`; a trailing `?` marks one optional. */
  args?: string[];
  options?: Record<string, OptionSpec>;
  /** Which Admin API calls it makes and whether Unleash answers them: the reference shows it. */
  unleash: string;
  examples?: string[];
  /** Whether it signs in; `login` and `help` check their own. */
  signsIn?: boolean;
  run(context: CommandContext): Promise<number | void>;
};

/** Options every command takes. */
export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  url: {
    type: 'string',
    placeholder: 'url',
    description: 'Server address (else SWITCHYARD_URL, else the profile).',
  },
  token: {
    type: 'string',
    placeholder: 'token',
    description: 'Admin API token or personal access token (else SWITCHYARD_TOKEN, else the profile).',
  },
  profile: {
    type: 'string',
    placeholder: 'name',
    description: 'Saved profile to use (else SWITCHYARD_PROFILE, else `default`).',
  },
  json: { type: 'boolean', description: 'Print JSON for scripts instead of text.' },
  help: { type: 'boolean', short: 'h', description: 'Show help for the command.' },
};

export const defineCommand = (command: Command): Command => command;

/** The string value of an option, or undefined. */
export function stringOption(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function listOption(values: Values, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}
