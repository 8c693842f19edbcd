/**
 * The path the server is served under (BASE_URI_PATH), '' at the root: the server writes it into index.html's
 * `<base href>` (apps/server/src/http/admin-ui.ts). Routes, API calls and links to the server start with it.
 */
export const basePath: string = (
  globalThis.document?.querySelector('base')?.getAttribute('href') ?? '/'
).replace(/\/+$/, '');

/** A path of the server as the browser reaches it: `/auth/oidc/login` is `/unleash/auth/oidc/login`. */
export function serverPath(path: string): string {
  return `${basePath}${path}`;
}

/** A browser path as the app's routes see it, without the base path: `/unleash/projects` is `/projects`. */
export function appPath(pathname: string): string {
  if (basePath === '' || !pathname.startsWith(basePath)) return pathname;
  return pathname.slice(basePath.length) || '/';
}
