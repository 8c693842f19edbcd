import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { VcsConfig } from '@docusaurus/types';

type ChangeInfo = { timestamp: number; author: string };
type FileDates = { creation: ChangeInfo; lastUpdate: ChangeInfo };

const run = promisify(execFile);

/**
 * Parses `git log --format=t:%ct,a:%an --name-only` output (newest commit first) into per-file dates, keyed by the
 * path relative to the repository root.
 */
export function parseGitLog(output: string): Map<string, FileDates> {
  const files = new Map<string, FileDates>();
  let current: ChangeInfo | undefined;
  for (const line of output.split('\n')) {
    if (line.startsWith('t:')) {
      const [seconds, author] = line.slice(2).split(',a:');
      current = { timestamp: Number(seconds) * 1000, author: author ?? '' };
      continue;
    }
    const file = line.trim();
    if (!file || !current) continue;
    const known = files.get(file);
    // Newest commits come first: the first sighting is the last update, the last sighting the creation.
    files.set(file, { lastUpdate: known?.lastUpdate ?? current, creation: current });
  }
  return files;
}

async function readRepository(siteDir: string): Promise<Map<string, FileDates>> {
  try {
    const { stdout: root } = await run('git', ['rev-parse', '--show-toplevel'], { cwd: siteDir });
    const { stdout } = await run(
      'git',
      ['-c', 'log.showSignature=false', 'log', '--format=t:%ct,a:%an', '--name-only', '--', '.'],
      { cwd: siteDir, maxBuffer: 64 * 1024 * 1024 },
    );
    const byRelative = parseGitLog(stdout);
    const byAbsolute = new Map<string, FileDates>();
    for (const [file, dates] of byRelative) byAbsolute.set(path.resolve(root.trim(), file), dates);
    return byAbsolute;
  } catch {
    // No git, no repository, or a repository without commits yet: every file falls back to its mtime.
    return new Map();
  }
}

/** The file's modification time stands in for files git does not know yet (new pages, a fresh `git init`). */
function fromFileSystem(filePath: string): ChangeInfo | null {
  try {
    return { timestamp: Math.round(statSync(filePath).mtimeMs), author: '' };
  } catch {
    return null;
  }
}

/**
 * Docusaurus' own git strategies either run one `git log` per page (slow) or fail the whole build when the repository
 * has no commits. This one reads the history once, and never fails: untracked files and missing history use mtimes,
 * and a shallow clone simply reports the dates it has.
 */
export function createGitDates(): VcsConfig {
  let history: Promise<Map<string, FileDates>> | undefined;
  const lookup = async (filePath: string) => (await (history ?? Promise.resolve(new Map()))).get(filePath);
  return {
    initialize({ siteDir }) {
      history ??= readRepository(siteDir);
    },
    async getFileCreationInfo(filePath) {
      return (await lookup(filePath))?.creation ?? fromFileSystem(filePath);
    },
    async getFileLastUpdateInfo(filePath) {
      return (await lookup(filePath))?.lastUpdate ?? fromFileSystem(filePath);
    },
  };
}
