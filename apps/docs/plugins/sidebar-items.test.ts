import { describe, expect, it } from 'vitest';
import { docsForSection } from './sidebar-items';

const doc = (id: string) => ({ id, sourceDirName: id.split('/').slice(0, -1).join('/') || '.' }) as never;

describe('docsForSection', () => {
  const docs = [
    'reference/index',
    'reference/segments',
    'reference/sdks/index',
    'reference/sdks/node',
    'reference/api/unleash/index',
    'reference/api/unleash/generated/features/create-feature',
    'reference/integrations/webhook',
    'reference/deep/index',
    'how-to/index',
  ].map(doc);
  const ids = (dir: string) => docsForSection(dir, docs).map((d: { id: string }) => d.id);

  it('leaves out the section index and sub-folders that have their own category', () => {
    expect(ids('reference')).toEqual(['reference/segments', 'reference/deep/index', 'how-to/index']);
  });

  it('keeps everything of a leaf section except its index', () => {
    expect(ids('reference/sdks')).toContain('reference/sdks/node');
    expect(ids('reference/sdks')).not.toContain('reference/sdks/index');
  });
});
