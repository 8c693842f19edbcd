import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsDir, siteDir } from './support/site';

const root = path.resolve(siteDir, '../..');
const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
const server = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
  version: string;
};

describe('the changelog', () => {
  it("has a section for the server's version, below Unreleased", () => {
    const headings = [...changelog.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings[0]).toBe('Unreleased');
    expect(headings).toContain(server.version);
  });

  it('is linked from the upgrade page', () => {
    const upgrading = readFileSync(path.join(docsDir, 'using-unleash/deploy/upgrading.mdx'), 'utf8');
    expect(upgrading).toContain('/blob/main/CHANGELOG.md');
    expect(upgrading).not.toMatch(/release notes/i);
  });
});
