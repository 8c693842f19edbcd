export type TryItParameter = { name: string; in: 'path' | 'query'; required: boolean; example: unknown };

export const SERVER_KEY = 'switchyard-docs:try-it-server';
export const TOKEN_KEY = 'switchyard-docs:try-it-token';
/** The server the docs announced when the reader typed their own (SERVER_KEY), so a later `npm start` can win. */
export const SERVED_KEY = 'switchyard-docs:try-it-served';

/**
 * Where the docs server says which Switchyard it sits beside (`{"url": …}`, under the site's base URL): `npm start`
 * runs both and the server may not be on 4242 (scripts/start.mjs, apps/docs/scripts/static-server.ts).
 */
export const SERVER_INFO_FILE = 'switchyard-server.json';

/**
 * The server URL a panel starts with: the one the reader typed, unless the docs now announce a different server
 * than when they typed it (they restarted `npm start` elsewhere); else the announced one; else the default.
 */
export function startingServer(choice: {
  remembered: string | null;
  rememberedBeside: string | null;
  served: string | undefined;
  fallback: string;
}): string {
  const { remembered, rememberedBeside, served, fallback } = choice;
  if (remembered !== null && (served === undefined || served === (rememberedBeside ?? undefined)))
    return remembered;
  return served ?? remembered ?? fallback;
}

/** The URL of a server info answer, or undefined when it is not one (a static host answers 404 or HTML). */
export function servedUrl(info: unknown): string | undefined {
  const url = (info as { url?: unknown } | null)?.url;
  return typeof url === 'string' && /^https?:\/\/\S+$/.test(url) ? url : undefined;
}

/** The URL a "try it" request goes to; blank optional query parameters are left out. */
export function tryItUrl(
  server: string,
  path: string,
  parameters: TryItParameter[],
  values: Record<string, string>,
): string {
  let filled = path;
  const query = new URLSearchParams();
  for (const p of parameters) {
    const value = values[p.name] ?? '';
    if (p.in === 'path') filled = filled.replace(`{${p.name}}`, encodeURIComponent(value));
    else if (value !== '') query.append(p.name, value);
  }
  const search = query.toString();
  return `${server.trim().replace(/\/+$/, '')}${filled}${search ? `?${search}` : ''}`;
}

/** Missing required values, by parameter name, so the panel can say what to fill in before sending. */
export function missingParameters(parameters: TryItParameter[], values: Record<string, string>): string[] {
  return parameters.filter((p) => p.required && !(values[p.name] ?? '').trim()).map((p) => p.name);
}

/** Pretty-prints a JSON body; anything else is shown as it came. */
export function formatBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function initialValues(parameters: TryItParameter[]): Record<string, string> {
  return Object.fromEntries(
    parameters.map((p) => [p.name, p.example === null || p.example === undefined ? '' : String(p.example)]),
  );
}
