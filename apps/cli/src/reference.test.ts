import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands/index.ts';
import { PUBLISHED_SCHEMA, REFERENCE_PAGE, renderPublishedSchema, renderReference } from './reference.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the generated files', () => {
  it('are current: the CLI reference page and the published schema match the definitions', async () => {
    expect(
      readFileSync(path.join(root, REFERENCE_PAGE), 'utf8'),
      'run `npm run generate -w @switchyard/cli`',
    ).toBe(renderReference());
    expect(readFileSync(path.join(root, PUBLISHED_SCHEMA), 'utf8')).toBe(await renderPublishedSchema());
  });

  it('document every command, its options and what it needs from Unleash', () => {
    const page = renderReference();
    for (const command of COMMANDS) {
      expect(page).toContain(`## switchyard ${command.name}\n`);
      for (const option of Object.keys(command.options ?? {})) expect(page).toContain(`--${option}`);
      expect(command.unleash).toMatch(/^(Yes|No)/);
    }
    expect(new Set(COMMANDS.map((c) => c.name)).size).toBe(COMMANDS.length);
  });
});
