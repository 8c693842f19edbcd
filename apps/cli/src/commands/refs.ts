import path from 'node:path';
import { defineCommand, listOption, stringOption } from '../command.ts';
import { resolveSignIn } from '../sign-in.ts';

export default defineCommand({
  name: 'refs',
  summary: 'Find where flags are used in a repository, and upload the references',
  description:
    'Scans DIR (the current directory unless given; files Git tracks, else all but .gitignored ones, node_modules and binary files) for flag names at the call sites of the official SDKs: Node, React, browser, Go, Java, Kotlin, Python, Ruby, .NET, PHP, Rust, Swift and Dart. JavaScript and TypeScript are read with the TypeScript compiler, the others with a tokenizer that skips comments, so a name in a comment or in a string passed to another call is no reference. Prints `file:line:column`, the flag and the method, one per line (`--json` prints the whole scan with the commit and branch). With `--upload` it replaces the references of this repository and branch in the project, which the flag page shows and the safe-to-archive list reads.',
  args: ['DIR?'],
  options: {
    flag: {
      type: 'string',
      multiple: true,
      placeholder: 'name',
      description: 'Only this flag (repeat for several).',
    },
    upload: { type: 'boolean', description: 'Upload the references to the server (signs in).' },
    project: {
      type: 'string',
      short: 'p',
      placeholder: 'project',
      description: 'The project to upload to (`default` unless given).',
    },
    branch: { type: 'string', placeholder: 'branch', description: 'The branch to record (else Git’s).' },
    repository: {
      type: 'string',
      placeholder: 'name',
      description: 'The repository to record (else from Git’s origin).',
    },
  },
  unleash: 'No: uploads with `PUT /api/admin/projects/{project}/code-references`, a Switchyard operation.',
  examples: ['switchyard refs', 'switchyard refs --upload --project web src'],
  async run({ values, positionals, io, json }) {
    const { runRefs } = await import('@switchyard/code-refs');
    const argv = [path.resolve(io.cwd, positionals[0] ?? '.')];
    for (const flag of listOption(values, 'flag')) argv.push('--flag', flag);
    if (json) argv.push('--json');
    const env: NodeJS.ProcessEnv = {};
    if (values.upload) {
      const { url, token } = resolveSignIn(values, io);
      argv.push('--upload', '--project', stringOption(values, 'project') ?? 'default');
      env.SWITCHYARD_URL = url;
      env.SWITCHYARD_TOKEN = token;
    }
    for (const name of ['branch', 'repository']) {
      const value = stringOption(values, name);
      if (value) argv.push(`--${name}`, value);
    }
    return runRefs(argv, { out: io.stdout, err: io.stderr }, env);
  },
});
