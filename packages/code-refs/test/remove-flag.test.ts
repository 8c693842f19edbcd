import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { removeFlag, removeFlagFromSource } from '../src/index.ts';

const fixture = path.join(import.meta.dirname, 'fixtures/remove-flag');
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'remove-flag-'));
  temporary.push(dir);
  cpSync(fixture, dir, { recursive: true });
  return dir;
}

/** The TypeScript compiler's errors for the project's files, strict, unreachable code reported. */
function typeErrors(dir: string): string[] {
  const files = readdirSync(path.join(dir, 'src')).map((f) => path.join(dir, 'src', f));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    allowUnreachableCode: false,
    jsx: ts.JsxEmit.Preserve,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    // The smallest standard library the fixture needs: the type-check stays a few seconds on a busy machine.
    lib: ['lib.es5.d.ts'],
    skipDefaultLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('removeFlag', () => {
  it('starts from a fixture that type-checks', () => {
    const dir = copy();
    expect(typeErrors(dir)).toEqual([]);
    // ... and the check does find an error where there is one.
    writeFileSync(path.join(dir, 'src/wrong.ts'), "export const n: number = 'one';\n");
    expect(typeErrors(dir)).toEqual([
      expect.stringContaining("Type 'string' is not assignable to type 'number'"),
    ]);
  }, 120_000);

  for (const keep of ['on', 'off'] as const)
    it(`keeps the code of the flag ${keep}, and the result type-checks`, () => {
      const dir = copy();
      const result = removeFlag(dir, 'new-checkout', keep, { write: true });
      expect(result.files.map((f) => f.file).sort()).toEqual(['src/banner.tsx', 'src/checkout.ts']);
      for (const file of result.files) expect(file.after).not.toContain("'new-checkout'");
      expect(readFileSync(path.join(dir, 'src/checkout.ts'), 'utf8')).toContain("'other-flag'");
      expect(result.remaining).toEqual([]);
      expect(typeErrors(dir)).toEqual([]);
    }, 120_000);

  it('rewrites if/else, ternaries, && and ||, negation and a constant argument (keep on)', () => {
    const source = readFileSync(path.join(fixture, 'src/checkout.ts'), 'utf8');
    const { text } = removeFlagFromSource(source, 'checkout.ts', 'new-checkout', 'on');
    expect(text).toBe(`import { track, unleash } from './sdk';

export function price(userId: string, base: number): number {
  // The new checkout gives a discount.
  const discount = 0.1;
  return base * (1 - discount);
}

export function label(userId: string): string {
  return 'Pay now';
}

export function steps(userId: string, express: boolean): number {
  let count = 3;
  if (express) {
    count -= 1;
  }
  count -= 1;
  track('checkout-steps', true);
  return count;
}

export function other(userId: string): boolean {
  return unleash.isEnabled('other-flag', { userId });
}
`);
  });

  it('unwraps the else branch and drops the hook and its import (keep off)', () => {
    const source = readFileSync(path.join(fixture, 'src/banner.tsx'), 'utf8');
    const { text } = removeFlagFromSource(source, 'banner.tsx', 'new-checkout', 'off');
    expect(text).toContain("import { useVariant } from './sdk';");
    expect(text).not.toContain('useFlag');
    expect(text).toContain('      <OldBanner />\n');
    expect(text).toContain('<span>Classic checkout</span>');
    expect(text).not.toContain('Try the new checkout');
  });

  it('prints a unified patch that git applies', () => {
    const dir = copy();
    const { patch } = removeFlag(dir, 'new-checkout', 'off');
    expect(patch).toMatch(/^--- a\/src\/banner\.tsx\n\+\+\+ b\/src\/banner\.tsx\n@@ /);
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['apply', '-'], { cwd: dir, input: patch });
    const expected = removeFlagFromSource(
      readFileSync(path.join(fixture, 'src/checkout.ts'), 'utf8'),
      'checkout.ts',
      'new-checkout',
      'off',
    ).text;
    expect(readFileSync(path.join(dir, 'src/checkout.ts'), 'utf8')).toBe(expected);
  });

  it('reports a variant lookup it cannot rewrite', () => {
    const { remaining } = removeFlagFromSource(
      "const v = unleash.getVariant('x');\nif (unleash.isEnabled('x')) go();\n",
      'a.ts',
      'x',
      'on',
    );
    expect(remaining).toEqual([
      { line: 1, column: 11, reason: 'getVariant reads a variant of the flag: rewrite it by hand' },
    ]);
  });
});
