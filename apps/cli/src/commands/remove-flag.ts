import { statSync } from 'node:fs';
import path from 'node:path';
import { defineCommand, stringOption } from '../command.ts';
import { CliError } from '../io.ts';

export default defineCommand({
  name: 'remove-flag',
  summary: 'Remove a flag from JavaScript and TypeScript code, keeping one branch',
  description:
    'Rewrites the call sites of NAME in DIR (the current directory unless given) through the TypeScript compiler’s syntax tree, not with regular expressions: `if (isEnabled(NAME))` keeps its then or else branch, conditional expressions, `&&`, `||` and negations fold, `useFlag(NAME)` variables in React components are replaced by the kept value, and imports that become unused go. Prints the change as a unified patch, or writes it with `--write`; calls it cannot rewrite (such as `getVariant`) are listed to do by hand.',
  args: ['NAME', 'DIR?'],
  options: {
    keep: {
      type: 'string',
      placeholder: 'on/off',
      description: 'Which behaviour stays: `on` (the flag was enabled) or `off`.',
      required: true,
    },
    write: { type: 'boolean', description: 'Write the files instead of printing the patch.' },
  },
  unleash: 'No server call: it changes local files only.',
  examples: ['switchyard remove-flag new-checkout --keep on src'],
  async run({ values, positionals, io }) {
    const keep = stringOption(values, 'keep');
    if (keep !== 'on' && keep !== 'off') throw new CliError('--keep must be on or off', 2);
    const { runRemoveFlag } = await import('@switchyard/code-refs');
    const dir = path.resolve(io.cwd, positionals[1] ?? '.');
    // A file or a missing path would end deep in the scanner as ENOTDIR/ENOENT: say what DIR must be instead.
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
      throw new CliError(`DIR must be a directory of source files: ${positionals[1] ?? '.'} is not one`, 2);
    const argv = [positionals[0]!, dir, '--keep', keep];
    if (values.write) argv.push('--write');
    return runRemoveFlag(argv, { out: io.stdout, err: io.stderr });
  },
});
