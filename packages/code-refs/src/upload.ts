import type { ScanResult } from './scan-repository.ts';

export type UploadTarget = {
  /** The server's address, such as http://localhost:4242. */
  url: string;
  /** An admin API token or personal access token with UPDATE_FEATURE in the project. */
  token: string;
  project: string;
};

export type UploadAnswer = { stored: number; unknownFlags: string[] };

/**
 * Sends a scan to the server (PUT /api/admin/projects/{project}/code-references), replacing what it holds for the
 * scan's repository and branch. A scan without a branch (outside Git) needs one given: `branch` overrides.
 */
export async function uploadCodeReferences(
  target: UploadTarget,
  scan: ScanResult,
  overrides: { branch?: string; repository?: string } = {},
): Promise<UploadAnswer> {
  const branch = overrides.branch ?? scan.branch;
  if (!branch)
    throw new Error('The scan has no branch (not a Git work tree, or a detached HEAD): pass --branch');
  const response = await fetch(
    `${target.url.replace(/\/+$/, '')}/api/admin/projects/${encodeURIComponent(target.project)}/code-references`,
    {
      method: 'PUT',
      headers: { authorization: target.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        repository: overrides.repository ?? scan.repository,
        branch,
        ...(scan.repositoryUrl ? { repositoryUrl: scan.repositoryUrl } : {}),
        ...(scan.commit ? { commit: scan.commit } : {}),
        references: scan.references.map(({ flag, file, line, column, method }) => ({
          flag,
          file,
          line,
          column,
          method,
        })),
      }),
    },
  );
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: the text as it came
    }
    throw new Error(`The server refused the upload (${response.status}): ${message}`);
  }
  return JSON.parse(text) as UploadAnswer;
}
