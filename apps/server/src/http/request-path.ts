/**
 * One normalised path for the router and for authentication alike (decision record 0003). Equivalent spellings of a
 * path, as RFC 3986 section 6.2.2 defines them, become one: percent-encoded unreserved characters are decoded
 * (`/api/%61dmin` is `/api/admin`), runs of slashes become one, and `.` and `..` segments are resolved. Reserved
 * characters stay encoded, so `%2F` inside a flag name is still part of that name. The query string is untouched.
 */
export function normaliseUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  return normalisePath(path) + query;
}

const UNRESERVED_ESCAPE = /%(2[dDeE]|3\d|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])/g;

export function normalisePath(path: string): string {
  if (!/%|\/\/|\/\./.test(path)) return path; // the common case costs one test
  const decoded = path.replace(UNRESERVED_ESCAPE, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  const segments: string[] = [];
  const parts = decoded.split('/');
  for (const [index, segment] of parts.entries()) {
    const last = index === parts.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..' && segments.length > 0) segments.pop();
      if (last) segments.push('');
      continue;
    }
    if (segment === '' && !last) continue;
    segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** The API a path belongs to, by its first segments whatever their case; undefined outside every protected prefix. */
export type PathArea = 'admin' | 'client' | 'frontend' | 'scim';

export function protectedAreaOf(path: string): PathArea | undefined {
  const lower = path.toLowerCase();
  if (lower === '/api' || lower.startsWith('/api/')) {
    if (lower === '/api/client' || lower.startsWith('/api/client/')) return 'client';
    if (lower === '/api/frontend' || lower.startsWith('/api/frontend/')) return 'frontend';
    // The legacy name of the Frontend API (Unleash's proxy); the same routes answer there.
    if (lower === '/api/proxy' || lower.startsWith('/api/proxy/')) return 'frontend';
    return 'admin';
  }
  if (lower === '/edge' || lower.startsWith('/edge/')) return 'admin';
  if (lower === '/scim' || lower.startsWith('/scim/')) return 'scim';
  return undefined;
}
