export type TryItParameter = { name: string; in: 'path' | 'query'; required: boolean; example: unknown };

export const SERVER_KEY = 'switchyard-docs:try-it-server';
export const TOKEN_KEY = 'switchyard-docs:try-it-token';

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
