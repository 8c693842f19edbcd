import type { OperationView } from './operations';

export const DEFAULT_SERVER = 'http://localhost:4242';
export const TOKEN_VARIABLE = 'SWITCHYARD_TOKEN';

export type RequestSample = { language: string; label: string; code: string };

/** An example value, URL-encoded, or a visible `<name>` placeholder for the reader to replace. */
function urlValue(name: string, example: unknown): string {
  const value = scalar(example);
  return value === undefined ? `<${name}>` : encodeURIComponent(value);
}

function scalar(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return undefined;
}

/** The request URL with path parameters filled from their examples and required query parameters appended. */
export function sampleUrl(op: OperationView, server = DEFAULT_SERVER): string {
  let path = op.path;
  for (const p of op.parameters.filter((p) => p.in === 'path'))
    path = path.replace(`{${p.name}}`, urlValue(p.name, p.example));
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${urlValue(p.name, p.example)}`);
  return `${server.replace(/\/$/, '')}${path}${query.length ? `?${query.join('&')}` : ''}`;
}

function bodyJson(op: OperationView): string | undefined {
  return op.body ? JSON.stringify(op.body.example ?? {}, null, 2) : undefined;
}

function curl(op: OperationView, url: string): string {
  const lines = [`curl -X ${op.method.toUpperCase()} '${url}'`];
  if (op.authenticated) lines.push(`  -H "Authorization: $${TOKEN_VARIABLE}"`);
  const body = bodyJson(op);
  if (body !== undefined) {
    lines.push(`  -H 'Content-Type: ${op.body?.contentType}'`);
    lines.push(`  --data '${body.replace(/'/g, `'\\''`)}'`);
  }
  return lines.join(' \\\n');
}

function indent(text: string, by: string): string {
  return text.replace(/\n/g, `\n${by}`);
}

function node(op: OperationView, url: string): string {
  const headers: string[] = [];
  if (op.authenticated) headers.push(`    Authorization: process.env.${TOKEN_VARIABLE},`);
  const body = bodyJson(op);
  if (body !== undefined) headers.push(`    'Content-Type': '${op.body?.contentType}',`);
  const options = [`  method: '${op.method.toUpperCase()}',`];
  if (headers.length) options.push('  headers: {', ...headers, '  },');
  if (body !== undefined) options.push(`  body: JSON.stringify(${indent(body, '  ')}),`);
  return [
    `const response = await fetch('${url}', {`,
    ...options,
    '});',
    'const text = await response.text();',
    'console.log(response.status, text);',
  ].join('\n');
}

/** JSON as a Python literal: the same text except true/false/null. */
export function pythonLiteral(value: unknown, depth = 0): string {
  const pad = '    '.repeat(depth + 1);
  const end = '    '.repeat(depth);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${pad}${pythonLiteral(v, depth + 1)},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, depth + 1)},`).join('\n')}\n${end}}`;
}

function python(op: OperationView, url: string): string {
  const args = [`    "${url}",`];
  if (op.authenticated) args.push(`    headers={"Authorization": os.environ["${TOKEN_VARIABLE}"]},`);
  if (op.body) args.push(`    json=${pythonLiteral(op.body.example ?? {}, 1)},`);
  return [
    ...(op.authenticated ? ['import os', ''] : []),
    'import requests',
    '',
    `response = requests.${op.method}(`,
    ...args,
    ')',
    'print(response.status_code, response.text)',
  ].join('\n');
}

function go(op: OperationView, url: string): string {
  const body = bodyJson(op);
  const imports = [
    '"fmt"',
    '"io"',
    '"net/http"',
    ...(op.authenticated ? ['"os"'] : []),
    ...(body ? ['"strings"'] : []),
  ];
  const goString = (s: string) => (s.includes('`') ? JSON.stringify(s) : `\`${s}\``);
  const lines = [
    'package main',
    '',
    'import (',
    ...imports.sort().map((i) => `\t${i}`),
    ')',
    '',
    'func main() {',
  ];
  if (body !== undefined) lines.push(`\tbody := strings.NewReader(${indent(goString(body), '\t')})`);
  lines.push(
    `\treq, err := http.NewRequest("${op.method.toUpperCase()}", "${url}", ${body !== undefined ? 'body' : 'nil'})`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
  );
  if (op.authenticated) lines.push(`\treq.Header.Set("Authorization", os.Getenv("${TOKEN_VARIABLE}"))`);
  if (body !== undefined) lines.push(`\treq.Header.Set("Content-Type", "${op.body?.contentType}")`);
  lines.push(
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '\tdata, _ := io.ReadAll(res.Body)',
    '\tfmt.Println(res.StatusCode, string(data))',
    '}',
  );
  return lines.join('\n');
}

/** Copy-paste request samples for an operation; the token comes from the SWITCHYARD_TOKEN environment variable. */
export function requestSamples(op: OperationView, server = DEFAULT_SERVER): RequestSample[] {
  const url = sampleUrl(op, server);
  return [
    { language: 'bash', label: 'curl', code: curl(op, url) },
    { language: 'js', label: 'Node.js', code: node(op, url) },
    { language: 'python', label: 'Python', code: python(op, url) },
    { language: 'go', label: 'Go', code: go(op, url) },
  ];
}
