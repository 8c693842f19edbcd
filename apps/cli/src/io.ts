/** Where a command reads and writes: the process in the terminal, a buffer in tests that run handlers in-process. */
export type Io = {
  stdout(text: string): void;
  /** Progress lines and warnings: stderr, so stdout keeps only what a script reads. */
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Where ~/.config/switchyard/profiles.json lives. */
  home: string;
};

export function processIo(): Io {
  return {
    stdout: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    stderr: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    env: process.env,
    cwd: process.cwd(),
    home: process.env.HOME ?? process.env.USERPROFILE ?? '.',
  };
}

/** A command's error for its user: printed as it is, without a stack, with exit code 1 (2 for usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
