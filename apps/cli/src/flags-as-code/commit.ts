import { execFileSync } from 'node:child_process';

export type Commit = { sha?: string; subject?: string; url?: string };

function git(args: string[], cwd: string): string | undefined {
  try {
    return (
      execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() ||
      undefined
    );
  } catch {
    return undefined;
  }
}

/**
 * The commit the files come from, for the change request's title and link: `git rev-parse HEAD` in the directory,
 * and a link from SWITCHYARD_COMMIT_URL (with `{sha}` replaced), else from GitHub Actions' or GitLab CI's variables.
 */
export function currentCommit(dir: string, env: Record<string, string | undefined>): Commit {
  const sha = env.SWITCHYARD_COMMIT_SHA ?? git(['rev-parse', 'HEAD'], dir);
  const subject = sha ? git(['log', '-1', '--format=%s', sha], dir) : undefined;
  let url = env.SWITCHYARD_COMMIT_URL?.replace('{sha}', sha ?? '');
  if (!url && sha && env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY)
    url = `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/commit/${sha}`;
  if (!url && sha && env.CI_PROJECT_URL) url = `${env.CI_PROJECT_URL}/-/commit/${sha}`;
  return { sha, subject, url };
}
