/** A place in a repository's source where an SDK call names a flag. */
export type CodeReference = {
  repository: string;
  branch: string;
  /** A web address of the repository (https://github.com/acme/shop); links point into it when given. */
  repositoryUrl: string | null;
  commit: string | null;
  file: string;
  line: number;
  column: number | null;
  method: string | null;
  scannedAt: Date;
};

/** What a scan of one branch of one repository found, uploaded at once: it replaces that branch's references. */
export type CodeReferenceScan = {
  repository: string;
  branch: string;
  repositoryUrl?: string | undefined;
  commit?: string | undefined;
  references: {
    flag: string;
    file: string;
    line: number;
    column?: number | undefined;
    method?: string | undefined;
  }[];
};

/** A flag nobody seems to need any more: done or past its expected lifetime, unused by SDKs, named in no code. */
export type ArchiveCandidate = {
  name: string;
  type: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  reason: 'completed' | 'stale' | 'potentially-stale';
};

/** The most references one upload may carry. */
export const MAX_REFERENCES_PER_SCAN = 20_000;

/** The days without SDK usage after which a finished flag counts as unused, unless a request says otherwise. */
export const DEFAULT_UNUSED_DAYS = 30;

/**
 * The address of a reference in the repository's web view, at the scanned commit (else the branch). GitHub,
 * GitLab, Gitea and Forgejo all answer `<url>/blob/<ref>/<file>#L<line>` (GitLab and Gitea redirect `blob`).
 */
export function referenceUrl(
  reference: Pick<CodeReference, 'repositoryUrl' | 'commit' | 'branch' | 'file' | 'line'>,
) {
  if (!reference.repositoryUrl) return null;
  const base = reference.repositoryUrl.replace(/\/+$/, '');
  const ref = encodeURIComponent(reference.commit ?? reference.branch);
  const file = reference.file.split('/').map(encodeURIComponent).join('/');
  return `${base}/blob/${ref}/${file}#L${reference.line}`;
}
