import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frontMatterProblems, isValidatedDoc } from './front-matter';
import { productVersion } from './product-version';

const valid = { title: 'Segments', description: 'Reusable sets of constraints.' };

describe('frontMatterProblems', () => {
  it('accepts a title and a one-sentence description', () => {
    expect(frontMatterProblems(valid)).toEqual([]);
  });

  it('requires a title and a description', () => {
    expect(frontMatterProblems({})).toEqual(['`title` is required', '`description` is required']);
  });

  it('limits the description to 200 characters ending with a period', () => {
    expect(frontMatterProblems({ ...valid, description: `${'a'.repeat(200)}.` })).toEqual([
      '`description` is 201 characters; at most 200',
    ]);
    expect(frontMatterProblems({ ...valid, description: 'No period' })).toEqual([
      '`description` must end with a period',
    ]);
  });

  it('checks availability: a quoted version, a note, and the remark in the description', () => {
    const availability = { unleashVersion: '4.16', note: 'Free for everyone since Unleash 4.16.' };
    expect(
      frontMatterProblems({
        title: 'Constraints',
        description: 'Constraints, free since Unleash 4.16.',
        availability,
      }),
    ).toEqual([]);
    expect(frontMatterProblems({ ...valid, availability })).toEqual([
      '`description` must state the version remark (Unleash 4.16) in words',
    ]);
    expect(frontMatterProblems({ ...valid, availability: { unleashVersion: 4.16, note: '' } })).toEqual([
      "`availability.unleashVersion` must be a quoted version such as '4.16'",
      '`availability.note` is required',
    ]);
    expect(
      frontMatterProblems({ ...valid, availability: { unleashVersion: '5.6', note: 'x', until: '1.0' } }),
    ).toContain('`availability.until` is not a known key');
  });

  it('checks the Switchyard version a feature arrived in against the version the docs describe', () => {
    const current = productVersion('0.2.0-dev');
    const since = (v: unknown) =>
      frontMatterProblems({ ...valid, availability: { since: v, note: 'New.' } }, current);
    expect(since('0.2')).toEqual([]);
    expect(since('0.1')).toEqual([]);
    expect(since('0.3')).toEqual([
      '`availability.since` is 0.3, later than the version these docs describe (0.2)',
    ]);
    expect(since(0.2)).toEqual(["`availability.since` must be a quoted Switchyard version such as '0.2'"]);
    expect(frontMatterProblems({ ...valid, availability: { note: 'x' } })).toEqual([
      '`availability` needs `unleashVersion`, `since` or both',
    ]);
  });
});

describe('productVersion', () => {
  it('labels a release with its number and a pre-release as unreleased', () => {
    expect(productVersion('0.1.0')).toEqual({ version: '0.1', released: true, label: '0.1' });
    expect(productVersion('0.2.0-dev')).toEqual({
      version: '0.2',
      released: false,
      label: '0.2 (unreleased)',
    });
    expect(() => productVersion('next')).toThrow(/major.minor.patch/);
  });
});

describe('isValidatedDoc', () => {
  const site = path.join(path.sep, 'site');
  it('covers docs and versioned docs, not partials or other Markdown', () => {
    expect(isValidatedDoc(site, path.join(site, 'docs', 'reference', 'segments.mdx'))).toBe(true);
    expect(isValidatedDoc(site, path.join(site, 'versioned_docs', 'version-0.1', 'index.md'))).toBe(true);
    expect(isValidatedDoc(site, path.join(site, 'docs', 'reference', '_shared.mdx'))).toBe(false);
    expect(isValidatedDoc(site, path.join(site, 'docs', 'api', 'generated', '_areas.mdx'))).toBe(false);
    expect(isValidatedDoc(site, path.join(site, 'src', 'pages', 'about.md'))).toBe(false);
  });
});
