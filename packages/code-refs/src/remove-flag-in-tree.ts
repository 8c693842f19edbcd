import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { unifiedPatch } from './patch.ts';
import { type Keep, type Remaining, removeFlagFromSource } from './remove-flag.ts';
import { sourceFiles } from './scan-repository.ts';

export type FlagRemoval = {
  /** One unified patch over every changed file, paths relative to root (`git apply` reads it). */
  patch: string;
  files: { file: string; before: string; after: string }[];
  remaining: (Remaining & { file: string })[];
};

const rewritable = /\.(?:[cm]?[jt]sx?)$/i;

/** Removes a flag from every TypeScript and JavaScript file under root; writes the files only when asked. */
export function removeFlag(
  root: string,
  flag: string,
  keep: Keep,
  options: { write?: boolean } = {},
): FlagRemoval {
  const files: FlagRemoval['files'] = [];
  const remaining: FlagRemoval['remaining'] = [];
  for (const { file, language, text } of sourceFiles(root)) {
    if (language !== 'javascript' || !rewritable.test(file) || !text.includes(flag)) continue;
    const result = removeFlagFromSource(text, file, flag, keep);
    remaining.push(...result.remaining.map((r) => ({ ...r, file })));
    if (result.changed) files.push({ file, before: text, after: result.text });
  }
  if (options.write) for (const f of files) writeFileSync(path.join(root, f.file), f.after);
  return { patch: files.map((f) => unifiedPatch(f.file, f.before, f.after)).join(''), files, remaining };
}
