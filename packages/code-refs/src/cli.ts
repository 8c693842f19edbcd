import { parseArgs } from 'node:util';
import { removeFlag } from './remove-flag-in-tree.ts';
import { scanRepository } from './scan-repository.ts';
import { uploadCodeReferences } from './upload.ts';

/** Where a command writes: the process's streams by default, a buffer in tests. */
export type Output = { out(text: string): void; err(text: string): void };
const stdio: Output = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * `refs [DIR] [--flag NAME]... [--json] [--upload --project P [--url U] [--token T] [--branch B] [--repository R]]`:
 * lists the call sites found, and uploads them. URL and token default to SWITCHYARD_URL and SWITCHYARD_TOKEN.
 */
export async function runRefs(argv: string[], io: Output = stdio, env = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      flag: { type: 'string', multiple: true },
      json: { type: 'boolean' },
      upload: { type: 'boolean' },
      project: { type: 'string', default: 'default' },
      url: { type: 'string' },
      token: { type: 'string' },
      branch: { type: 'string' },
      repository: { type: 'string' },
    },
  });
  const scan = scanRepository(positionals[0] ?? '.', values.flag ? { flags: values.flag } : {});
  if (values.json) io.out(`${JSON.stringify(scan, null, 2)}\n`);
  else {
    for (const r of scan.references) io.out(`${r.file}:${r.line}:${r.column}\t${r.flag}\t${r.method}\n`);
    const flags = new Set(scan.references.map((r) => r.flag)).size;
    io.err(
      `${scan.references.length} references to ${flags} flags in ${scan.filesScanned} files of ${scan.repository}` +
        `${scan.branch ? ` (${scan.branch}${scan.commit ? ` at ${scan.commit.slice(0, 7)}` : ''})` : ''}\n`,
    );
  }
  if (!values.upload) return 0;
  const url = values.url ?? env.SWITCHYARD_URL;
  const token = values.token ?? env.SWITCHYARD_TOKEN;
  if (!url || !token) {
    io.err('--upload needs --url and --token (or SWITCHYARD_URL and SWITCHYARD_TOKEN)\n');
    return 2;
  }
  try {
    const answer = await uploadCodeReferences({ url, token, project: values.project }, scan, {
      ...(values.branch ? { branch: values.branch } : {}),
      ...(values.repository ? { repository: values.repository } : {}),
    });
    io.err(`uploaded to project ${values.project}: ${answer.stored} references stored\n`);
    if (answer.unknownFlags.length)
      io.err(`not flags of project ${values.project}: ${answer.unknownFlags.join(', ')}\n`);
    return 0;
  } catch (error) {
    io.err(`${(error as Error).message}\n`);
    return 1;
  }
}

/** `remove-flag NAME --keep on|off [--write] [DIR]`: prints the patch (or writes the files) and what is left. */
export async function runRemoveFlag(argv: string[], io: Output = stdio): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { keep: { type: 'string' }, write: { type: 'boolean' } },
  });
  const [name, dir = '.'] = positionals;
  if (!name || (values.keep !== 'on' && values.keep !== 'off')) {
    io.err('usage: remove-flag NAME --keep on|off [--write] [DIR]\n');
    return 2;
  }
  const result = removeFlag(dir, name, values.keep, { write: values.write ?? false });
  if (!values.write) io.out(result.patch);
  for (const r of result.remaining) io.err(`${r.file}:${r.line}:${r.column}: ${r.reason}\n`);
  io.err(
    `${values.write ? 'rewrote' : 'would rewrite'} ${result.files.length} files` +
      `${result.remaining.length ? `; ${result.remaining.length} places left for you` : ''}\n`,
  );
  return 0;
}
