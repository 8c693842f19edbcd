/** The default address: `npm run docs:dev` and `npm run serve` answer there. */
export const LOCAL_DOCS_URL = 'http://localhost:3000';

/**
 * Where the built site will be served, from DOCS_URL: Docusaurus' `url` (scheme and host) and `baseUrl` (the path,
 * with a trailing slash), so a site served from a folder of a CDN or from a project's GitHub Pages gets canonical
 * links, sitemap entries and asset paths under that folder. Anything other than an absolute http(s) address fails.
 */
export function siteUrl(docsUrl: string | undefined): { url: string; baseUrl: string } {
  const given = docsUrl?.trim() || LOCAL_DOCS_URL;
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    throw new Error(
      `DOCS_URL must be an absolute http(s) address such as https://docs.example.com/, not "${given}"`,
    );
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash)
    throw new Error(`DOCS_URL must be an http(s) address without a query or fragment, not "${given}"`);
  return { url: parsed.origin, baseUrl: parsed.pathname.replace(/\/*$/, '/') };
}
