import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGitDates, parseGitLog } from './git-dates';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'git-dates-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('parseGitLog', () => {
  it('takes the newest commit as last update and the oldest as creation', () => {
    const log = [
      't:300,a:Carol',
      '',
      'docs/a.mdx',
      't:200,a:Bob',
      '',
      'docs/b.mdx',
      't:100,a:Alice',
      '',
      'docs/a.mdx',
    ].join('\n');
    const files = parseGitLog(log);
    expect(files.get('docs/a.mdx')).toEqual({
      lastUpdate: { timestamp: 300_000, author: 'Carol' },
      creation: { timestamp: 100_000, author: 'Alice' },
    });
    expect(files.get('docs/b.mdx')?.lastUpdate.author).toBe('Bob');
  });
});

describe('createGitDates', () => {
  it('falls back to the file time outside a git repository', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'page.mdx');
    writeFileSync(file, '# x');
    const when = new Date('2024-05-01T10:00:00Z');
    utimesSync(file, when, when);
    const vcs = createGitDates();
    vcs.initialize({ siteDir: dir });
    expect(await vcs.getFileLastUpdateInfo(file)).toEqual({ timestamp: when.getTime(), author: '' });
    expect(await vcs.getFileLastUpdateInfo(path.join(dir, 'missing.mdx'))).toBeNull();
  });

  it('reads commit dates in a repository, and tolerates one without commits', async () => {
    const dir = tempDir();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Tester', '-c', 'user.email=t@example.com', ...args], {
        cwd: dir,
      });
    git('init', '-q');
    const file = path.join(dir, 'page.mdx');
    writeFileSync(file, '# x');
    const empty = createGitDates();
    empty.initialize({ siteDir: dir });
    expect((await empty.getFileLastUpdateInfo(file))?.author).toBe(''); // no commits yet: the file time

    git('add', 'page.mdx');
    execFileSync(
      'git',
      ['-c', 'user.name=Tester', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'x'],
      {
        cwd: dir,
        env: {
          ...process.env,
          GIT_AUTHOR_DATE: '2023-01-02T03:04:05Z',
          GIT_COMMITTER_DATE: '2023-01-02T03:04:05Z',
        },
      },
    );
    const vcs = createGitDates();
    vcs.initialize({ siteDir: dir });
    expect(await vcs.getFileLastUpdateInfo(file)).toEqual({
      timestamp: Date.parse('2023-01-02T03:04:05Z'),
      author: 'Tester',
    });
  });
});
