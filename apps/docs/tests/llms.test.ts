import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownPath } from '../plugins/markdown-copy';
import { buildDir, readDocs } from './support/site';

const docs = await readDocs();
const llms = readFileSync(path.join(buildDir, 'llms.txt'), 'utf8');
const markdown = (route: string) => readFileSync(path.join(buildDir, markdownPath(route)), 'utf8');

describe('llms.txt and the Markdown copy of every page', () => {
  it('writes a Markdown copy of every doc, starting with its title and description', () => {
    const missing = docs.filter((d) => !existsSync(path.join(buildDir, markdownPath(d.route))));
    expect(missing.map((d) => d.route)).toEqual([]);
    const segments = docs.find((d) => d.id === 'reference/segments')!;
    expect(markdown(segments.route).startsWith(`# ${String(segments.frontMatter.title)}\n\n> `)).toBe(true);
  });

  it('lists every doc in llms.txt with its Markdown address, by section', () => {
    expect(llms).toMatch(/^# Switchyard\n\n> /);
    for (const doc of docs) expect(llms, doc.id).toContain(`/${markdownPath(doc.route)}):`);
    expect(llms).toContain('## Academy');
  });

  it('inlines code samples and the helpers they import, as the page shows them', () => {
    const node = markdown('/reference/sdks/node');
    expect(node).toContain("from 'unleash-client'");
    expect(node).toContain('export async function ensureExampleFlags');
    expect(node).not.toMatch(/^import Sample/m);
  });

  it('gives an API page its method, path, fields and error examples in text', () => {
    const page = markdown('/reference/api/unleash/create-segment');
    expect(page).toContain('`POST /api/admin/segments`');
    expect(page).toMatch(/- `name` \(string, required\)/);
    expect(page).toContain('"name": "BadDataError"');
    expect(page).not.toMatch(/<SchemaView|<ApiEndpoint/);
  });
});
