import { existsSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { allowlist } from '../../../eslint/area-imports.js';

const root = path.resolve(import.meta.dirname, '../../..');
const src = path.join(root, 'apps/server/src');
const eslint = new ESLint({ cwd: root });

/** The area-imports problems the repository's own ESLint configuration reports for `code` at `file` (from src/). */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(src, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'switchyard/area-imports')
    .map((message) => message.message);
}

describe('switchyard/area-imports', () => {
  it('lets an area import its own area, the flag model at any depth, shared code and another area’s index', async () => {
    const code = [
      "import { createRoleStore } from '../role-store.ts';",
      "import type { Flag } from '../../../flag-model/flags/flag.ts';",
      "import { createUserStore } from '../../../identity/index.ts';",
      "import type { Db } from '../../../../db/db.ts';",
      "import { NotFoundError } from '../../../../http/errors.ts';",
      "import type { Config } from '../../../../config.ts';",
      "import { Type } from 'typebox';",
    ].join('\n');
    expect(await problems('features/governance/access/x/example.ts', code)).toEqual([]);
  });

  it('reports another area’s module imported past its index, type-only imports too', async () => {
    const code = [
      "import { createUserStore } from '../../../identity/users/user-store.ts';",
      "import type { User } from '../../../identity/users/user.ts';",
      "export { signedInUserId } from '../../../identity/users/signed-in.ts';",
    ].join('\n');
    expect(await problems('features/governance/access/x/example.ts', code)).toEqual([
      'Import area "identity" through features/identity/index.ts, not features/identity/users/user-store.ts.',
      'Import area "identity" through features/identity/index.ts, not features/identity/users/user.ts.',
      'Import area "identity" through features/identity/index.ts, not features/identity/users/signed-in.ts.',
    ]);
  });

  it('reports the flag model importing any other area, even through its index', async () => {
    const messages = await problems(
      'features/flag-model/flags/example.ts',
      "import { createUserStore } from '../../identity/index.ts';",
    );
    expect(messages).toEqual([
      'The flag model imports no other area (features/identity/index.ts): define a port in the flag model and wire it in app.ts.',
    ]);
  });

  it('reports an area importing the rest of src/ beyond http/, db/ and config', async () => {
    expect(
      await problems('features/instance/banners/example.ts', "import { buildApp } from '../../../app.ts';"),
    ).toEqual(['An area imports http/, db/, config*, packages and features/ only, not app.ts.']);
  });

  it('keeps src/testing/ out of production code and lets tests use it', async () => {
    const code = "import { createTestApp } from '../testing/test-app.ts';";
    expect(await problems('http/example.ts', code)).toEqual([
      'Production code does not import src/testing/ (testing/test-app.ts).',
    ]);
    expect(await problems('http/example.test.ts', code)).toEqual([]);
  });

  it('holds the allowlist to files that exist and imports they still make', async () => {
    for (const entry of allowlist) {
      expect(existsSync(path.join(src, entry.from)), entry.from).toBe(true);
    }
    const [entry] = allowlist;
    expect(await problems(entry!.from, '')).toContain(
      `The allowlist in eslint/area-imports.js lets ${entry!.from} import ${entry!.to}, which it no longer does: remove it.`,
    );
  });
});
