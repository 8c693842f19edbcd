import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findCalls } from './find-calls.ts';
import { isIgnored, parseGitignore, type IgnoreRule } from './gitignore.ts';
import { languageOf, type Language } from './languages.ts';

/** One flag named in one place of a repository; `file` is relative to the scanned root, `/`-separated. */
export interface CodeReference {
  readonly flag: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly method: string;
}

export interface ScanResult {
  readonly references: CodeReference[];
  /** The repository's name (from its `origin` remote, else the folder's name), and a web URL where one is known. */
  readonly repository: string;
  readonly repositoryUrl?: string;
  readonly commit?: string;
  readonly branch?: string;
  readonly filesScanned: number;
}

export interface ScanOptions {
  /** Only these flags (all flags when absent). */
  readonly flags?: readonly string[];
  /** Files larger than this are skipped (minified bundles); 1 MiB by default. */
  readonly maxFileBytes?: number;
}

const alwaysSkipped = new Set(['node_modules', '.git', '.hg', '.svn']);

/** Scans a directory tree for flag names at the official SDKs' call sites. */
export function scanRepository(root: string, options: ScanOptions = {}): ScanResult {
  const maxBytes = options.maxFileBytes ?? 1024 * 1024;
  const wanted = options.flags && new Set(options.flags);
  const git = gitInfo(root);
  const references: CodeReference[] = [];
  let filesScanned = 0;
  for (const { file, language, text } of sourceFiles(root, maxBytes)) {
    filesScanned += 1;
    for (const site of findCalls(text, language, file)) {
      if (!wanted || wanted.has(site.flag)) references.push({ ...site, file });
    }
  }
  const name = git?.remote ? repositoryName(git.remote) : path.basename(path.resolve(root));
  const url = git?.remote ? webUrl(git.remote) : undefined;
  return {
    references,
    repository: name,
    ...(url ? { repositoryUrl: url } : {}),
    ...(git?.commit ? { commit: git.commit } : {}),
    ...(git?.branch ? { branch: git.branch } : {}),
    filesScanned,
  };
}

/**
 * The source files under root in a language an SDK is written in, in path order: as Git lists them inside a work tree
 * (tracked, and untracked but not ignored), else by walking the tree under its .gitignore files. node_modules,
 * binary files and files over maxBytes are left out.
 */
export function* sourceFiles(
  root: string,
  maxBytes = 1024 * 1024,
): Generator<{ file: string; language: Language; text: string }> {
  const inGit = run(root, ['rev-parse', '--is-inside-work-tree']) === 'true';
  const files = (inGit ? gitFiles(root) : undefined) ?? walk(root);
  for (const file of files.sort()) {
    const language = languageOf(file);
    if (!language || file.split('/').some((part) => alwaysSkipped.has(part))) continue;
    const full = path.join(root, file);
    let buffer: Buffer;
    try {
      const stat = statSync(full);
      if (!stat.isFile() || stat.size > maxBytes) continue;
      buffer = readFileSync(full);
    } catch {
      continue; // listed by Git but deleted from the work tree
    }
    if (buffer.subarray(0, 8000).includes(0)) continue; // binary
    yield { file, language, text: buffer.toString('utf8') };
  }
}

function run(root: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

function gitInfo(root: string) {
  if (run(root, ['rev-parse', '--is-inside-work-tree']) !== 'true') return undefined;
  const branch = run(root, ['rev-parse', '--abbrev-ref', 'HEAD']);
  return {
    commit: run(root, ['rev-parse', 'HEAD']),
    // A detached HEAD (CI checkouts) has no branch name; CI variables name it instead.
    branch:
      branch && branch !== 'HEAD'
        ? branch
        : process.env.GITHUB_HEAD_REF ||
          process.env.GITHUB_REF_NAME ||
          process.env.CI_COMMIT_REF_NAME ||
          undefined,
    remote: run(root, ['remote', 'get-url', 'origin']),
  };
}

/** Tracked and untracked-but-not-ignored files under root, as Git sees them (every .gitignore, exclude files). */
function gitFiles(root: string): string[] | undefined {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...new Set(out.split('\0').filter(Boolean))];
  } catch {
    return undefined;
  }
}

/** Outside Git: walk the tree, honouring every .gitignore on the way down. */
function walk(root: string): string[] {
  const files: string[] = [];
  const visit = (dir: string, rules: IgnoreRule[]) => {
    const relative = path.relative(root, dir).split(path.sep).join('/');
    const base = relative ? `${relative}/` : '';
    let own = rules;
    try {
      own = [...rules, ...parseGitignore(readFileSync(path.join(dir, '.gitignore'), 'utf8'), base)];
    } catch {
      // no .gitignore here
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (alwaysSkipped.has(entry.name) || entry.isSymbolicLink()) continue;
      const rel = base + entry.name;
      if (isIgnored(rel, entry.isDirectory(), own)) continue;
      if (entry.isDirectory()) visit(path.join(dir, entry.name), own);
      else if (entry.isFile()) files.push(rel);
    }
  };
  visit(root, []);
  return files;
}

/** `git@github.com:acme/shop.git` and `https://github.com/acme/shop.git` are both `acme/shop`. */
export function repositoryName(remote: string): string {
  const cleaned = remote.replace(/\.git$/, '').replace(/\/$/, '');
  const match = /[:/]([^/:]+\/[^/:]+)$/.exec(cleaned);
  return match ? match[1]! : path.basename(cleaned);
}

/** The web address of a remote on a forge that serves `/blob/<commit>/<file>` (GitHub, GitLab, Gitea, Forgejo). */
export function webUrl(remote: string): string | undefined {
  const ssh = /^(?:ssh:\/\/)?git@([^:/]+)[:/](.+?)(?:\.git)?\/?$/.exec(remote);
  if (ssh) return `https://${ssh[1]}/${ssh[2]}`;
  const https = /^https?:\/\/(?:[^@/]+@)?([^/]+)\/(.+?)(?:\.git)?\/?$/.exec(remote);
  if (https) return `https://${https[1]}/${https[2]}`;
  return undefined;
}
