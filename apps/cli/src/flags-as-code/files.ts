import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { CliError } from '../io.ts';
import {
  type FileContextField,
  type FileFlag,
  type FileSegment,
  normaliseWorkspace,
  type Workspace,
} from './model.ts';
import { FLAGS_SCHEMA, SCHEMA_FILE, validate } from './schema.ts';

export const MANIFEST = 'switchyard.yaml';
export const SEGMENTS_FILE = 'segments.yaml';
export const CONTEXT_FILE = 'context-fields.yaml';
export const FLAGS_DIR = 'flags';

const header = (schemaPath: string, what: string) =>
  `# yaml-language-server: $schema=${schemaPath}\n# ${what}. Written by \`switchyard export\`; \`switchyard plan\` shows what applying would change.\n`;

/** YAML in one stable form: two-space indents, no line folding, keys in the order the model gives them. */
export const toYaml = (value: unknown) =>
  stringify(value, { lineWidth: 0, indent: 2, aliasDuplicateObjects: false });

/** The file a flag lives in. Flag names are URL-safe, so they are safe file names too. */
export const flagFile = (name: string) => path.join(FLAGS_DIR, `${name}.yaml`);

export function renderFlag(flag: FileFlag, schemaUrl?: string): string {
  return header(schemaUrl ?? `../${SCHEMA_FILE}`, `Flag ${flag.name}`) + toYaml(flag);
}

/**
 * Writes a workspace to `dir`: the manifest, one file per flag, segments, context fields and the schema. Flag files
 * of flags no longer there are removed, so the directory matches what was exported. The files' `$schema=` lines
 * name the schema written beside them, or `schemaUrl` (a published copy, such as the docs site's) when given.
 */
export function writeWorkspace(dir: string, workspace: Workspace, schemaUrl?: string): string[] {
  const w = normaliseWorkspace(workspace);
  const schema = schemaUrl ?? `./${SCHEMA_FILE}`;
  mkdirSync(path.join(dir, FLAGS_DIR), { recursive: true });
  const written: string[] = [];
  const write = (file: string, content: string) => {
    writeFileSync(path.join(dir, file), content);
    written.push(file);
  };
  write(MANIFEST, header(schema, 'The project this directory describes') + toYaml({ project: w.project }));
  const keep = new Set(w.flags.map((f) => `${f.name}.yaml`));
  for (const file of readdirSync(path.join(dir, FLAGS_DIR)))
    if (file.endsWith('.yaml') && !keep.has(file)) rmSync(path.join(dir, FLAGS_DIR, file));
  for (const flag of w.flags) write(flagFile(flag.name), renderFlag(flag, schemaUrl));
  write(
    SEGMENTS_FILE,
    header(schema, 'Segments the flags use, and the project’s own') + toYaml({ segments: w.segments }),
  );
  write(CONTEXT_FILE, header(schema, 'Context fields') + toYaml({ contextFields: w.contextFields }));
  write(SCHEMA_FILE, `${JSON.stringify(FLAGS_SCHEMA, null, 2)}\n`);
  return written;
}

function readYaml(dir: string, file: string, definition: string, problems: string[]): unknown {
  const full = path.join(dir, file);
  let value: unknown;
  try {
    value = parse(readFileSync(full, 'utf8'));
  } catch (error) {
    problems.push(`${file}: not valid YAML: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
  const found = validate(value, definition);
  problems.push(...found.map((p) => `${file}: ${p}`));
  return found.length ? undefined : value;
}

/** Reads and checks a directory; every problem names its file and field, and all are reported at once. */
export function readWorkspace(dir: string): Workspace {
  if (!existsSync(path.join(dir, MANIFEST)))
    throw new CliError(
      `${path.join(dir, MANIFEST)} is missing: run \`switchyard export --project <project> ${dir}\` first`,
      2,
    );
  const problems: string[] = [];
  const manifest = readYaml(dir, MANIFEST, 'manifest', problems) as { project: string } | undefined;
  const flags: FileFlag[] = [];
  const flagsDir = path.join(dir, FLAGS_DIR);
  const files = existsSync(flagsDir)
    ? readdirSync(flagsDir)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
    : [];
  for (const file of files) {
    const flag = readYaml(dir, path.join(FLAGS_DIR, file), 'flag', problems) as FileFlag | undefined;
    if (!flag) continue;
    if (`${flag.name}` !== file.replace(/\.ya?ml$/, ''))
      problems.push(
        `${path.join(FLAGS_DIR, file)}: name: is "${flag.name}" but the file is named after "${file.replace(/\.ya?ml$/, '')}"`,
      );
    flags.push(flag);
  }
  const segments = existsSync(path.join(dir, SEGMENTS_FILE))
    ? ((readYaml(dir, SEGMENTS_FILE, 'segmentsFile', problems) as { segments: FileSegment[] } | undefined)
        ?.segments ?? [])
    : [];
  const contextFields = existsSync(path.join(dir, CONTEXT_FILE))
    ? ((
        readYaml(dir, CONTEXT_FILE, 'contextFieldsFile', problems) as
          { contextFields: FileContextField[] } | undefined
      )?.contextFields ?? [])
    : [];
  for (const [kind, list] of [
    ['segments', segments],
    ['contextFields', contextFields],
  ] as const) {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.name))
        problems.push(
          `${kind === 'segments' ? SEGMENTS_FILE : CONTEXT_FILE}: ${kind}[${i}].name: "${item.name}" appears twice`,
        );
      seen.add(item.name);
    });
  }
  if (problems.length || !manifest)
    throw new CliError(
      `the files in ${dir} have ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`,
      2,
    );
  return normaliseWorkspace({ project: manifest.project, flags, segments, contextFields });
}
