import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDir, readDocs, readOrphanAllowlist } from './support/site';

type DocEntry = { id: string; sidebar?: string };

describe('orphan pages', () => {
  const entries = JSON.parse(readFileSync(path.join(buildDir, 'meta', 'docs.json'), 'utf8')) as DocEntry[];
  const allowed = readOrphanAllowlist();

  it('every doc is in a sidebar unless it is listed as deliberately hidden', () => {
    const orphans = entries.filter((e) => !e.sidebar && !allowed.has(e.id)).map((e) => e.id);
    expect(orphans, 'docs in no sidebar; add them to a sidebar or to tests/orphan-allowlist.json').toEqual(
      [],
    );
  });

  it('the allowlist names only docs that exist and really are in no sidebar', async () => {
    const ids = new Set((await readDocs()).map((d) => d.id));
    for (const id of allowed) {
      expect(ids.has(id), `${id} exists`).toBe(true);
      expect(entries.find((e) => e.id === id)?.sidebar, `${id} is in no sidebar`).toBeUndefined();
    }
  });
});
