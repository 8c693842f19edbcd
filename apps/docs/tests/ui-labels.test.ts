import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAVIGATION } from '../../admin/src/features/shell/navigation';
import { docsDir, siteDir } from './support/site';

/**
 * The docs name the admin UI's screens, buttons and menus as the UI does (decision record 0052). Which bold text is a
 * UI label, and which is emphasis:
 * - a menu path: bold text with "→" or "›" (`**Access → Roles**`); each step is a label, and a step that is a sidebar
 *   section must be followed by one of that section's own links;
 * - bold text right after a verb of using the UI (click, choose, select, open, press, pick, tap, under, then) that
 *   starts with a capital letter (`choose **New flag**`, `under **Unknown flags**`);
 * - bold text right before "tab", "button", "menu", "page", "dialog" or "screen" (`the **Actions** tab`).
 * Anything else in bold (`**development**`, `in **one transaction**`) is emphasis, and so is a lower-case word after
 * such a verb (`then **archive**`). Menu paths of other products (Xcode, an identity provider's console, Unleash's
 * own UI in the migration guide) are written in italics or plain text, and are not checked. The API reference is
 * generated, not prose.
 */

const VERBS = /\b(?:click|choose|select|open|press|pick|tap|under|then)\s+\*\*([^*\n]+(?:\n[^*\n]+)?)\*\*/gi;
const BEFORE_NOUN = /\*\*([^*\n]+(?:\n[^*\n]+)?)\*\*\s+(?:tab|button|menu|page|dialog|screen)\b/g;
const BOLD = /\*\*([^*\n]+(?:\n[^*\n]+)?)\*\*/g;
const ARROW = /\s*[→›]\s*/;

const adminSrc = path.resolve(siteDir, '..', 'admin', 'src');

function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && pattern.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** Every piece of text the admin UI can show: string literals and JSX text of its sources (tests left out). */
function adminTexts(): Set<string> {
  const texts = new Set<string>();
  for (const file of sourceFiles(adminSrc, /\.tsx?$/).filter((f) => !/\.test\.tsx?$/.test(f))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)+)'|"((?:[^"\\\n]|\\.)+)"|`([^`$]+)`/g))
      texts.add(normal((m[1] ?? m[2] ?? m[3])!.replace(/\\(.)/g, '$1')));
    for (const m of source.matchAll(/>([^<>{}]+)</g)) texts.add(normal(m[1]!));
    // JSX text beside an expression or an element: `Create {kind}`, `<b>x</b> Roles` keeps its words.
    for (const m of source.matchAll(/>([^<>{}]*[A-Za-z][^<>{}]*)(?=[<{])/g)) texts.add(normal(m[1]!));
  }
  texts.delete('');
  return texts;
}

type Mention = { file: string; line: number; at: number; label: string; path: string[] };

/** The prose of a page: fenced code and code spans blanked, line breaks kept so positions still give lines. */
function prose(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      const fence = /^\s*(```|~~~)/.test(line);
      if (fence) fenced = !fenced;
      return fenced || fence ? '' : line.replace(/`[^`\n]*`/g, '``');
    })
    .join('\n');
}

/** The UI labels the prose names, by the rule above; a label may wrap onto the next line of its paragraph. */
function uiMentions(file: string, text: string): Mention[] {
  const body = prose(text);
  const mentions: Mention[] = [];
  const add = (raw: string, at: number) => {
    const label = raw.replace(/\s+/g, ' ').trim();
    const line = body.slice(0, at).split('\n').length;
    if (mentions.some((m) => m.line === line && m.label === label)) return;
    mentions.push({ file, line, at, label, path: label.split(ARROW).map((step) => step.trim()) });
  };
  for (const m of body.matchAll(BOLD)) if (ARROW.test(m[1]!)) add(m[1]!, m.index);
  for (const m of body.matchAll(VERBS)) if (/^[A-Z]/.test(m[1]!.trim())) add(m[1]!, m.index);
  for (const m of body.matchAll(BEFORE_NOUN)) add(m[1]!, m.index);
  return mentions.sort((a, b) => a.at - b.at);
}

function proseFiles(): string[] {
  return sourceFiles(docsDir, /\.mdx?$/).filter(
    (f) => !path.relative(docsDir, f).startsWith(path.join('reference', 'api')),
  );
}

/** Why a mention does not match the UI, or undefined when it does. */
function problem(mention: Mention, texts: Set<string>): string | undefined {
  const missing = mention.path.filter((step) => !texts.has(normal(step)));
  if (missing.length > 0) return `no "${missing.join('", "')}" in the admin UI`;
  for (let i = 0; i < mention.path.length - 1; i += 1) {
    const group = NAVIGATION.find((g) => normal(g.label) === normal(mention.path[i]!));
    if (group && !group.items.some((item) => normal(item.label) === normal(mention.path[i + 1]!)))
      return `the sidebar's ${group.label} section has no "${mention.path[i + 1]}"`;
  }
  return undefined;
}

describe('UI labels in the docs', () => {
  it('reads labels by the rule: menu paths, a capitalised label after a UI verb, a label before "tab"', () => {
    const found = uiMentions(
      'x.mdx',
      [
        'Under **Access → Roles**, choose **New role**; the **Actions** tab.',
        'Deploy to **development**, then **archive** it; click **Save** (`**not this**`), under **Instance → CORS',
        'origins**.',
        '```',
        'click **Not prose**',
        '```',
      ].join('\n'),
    ).map((m) => m.label);
    expect(found).toEqual(['Access → Roles', 'New role', 'Actions', 'Save', 'Instance → CORS origins']);
  });

  it('holds a menu path to the sidebar: a section is followed by one of its own links', () => {
    const texts = new Set(['access', 'instance', 'roles', 'banners', 'new role']);
    const [good, wrongSection, unknown] = uiMentions(
      'x.mdx',
      'Open **Access → Roles**, then **Access → Banners**, then **Admin settings → Roles**.',
    );
    expect(problem(good!, texts)).toBeUndefined();
    expect(problem(wrongSection!, texts)).toBe(`the sidebar's Access section has no "Banners"`);
    expect(problem(unknown!, texts)).toBe('no "Admin settings" in the admin UI');
  });

  it('finds every bold UI label and menu path of the prose in the admin UI', () => {
    const texts = adminTexts();
    const mentions = proseFiles().flatMap((file) =>
      uiMentions(path.relative(docsDir, file), readFileSync(file, 'utf8')),
    );
    expect(mentions.length).toBeGreaterThan(20);
    const problems = mentions.flatMap((m) => {
      const why = problem(m, texts);
      return why ? [`${m.file}:${m.line} **${m.label}**: ${why}`] : [];
    });
    expect(problems).toEqual([]);
  });
});
