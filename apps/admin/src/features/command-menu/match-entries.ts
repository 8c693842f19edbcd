/** What the command menu can jump to or do. */
export type CommandKind = 'flag' | 'project' | 'segment' | 'screen' | 'action';

export type CommandEntry = {
  /** Unique over all entries, and the option's DOM id suffix. */
  id: string;
  kind: CommandKind;
  label: string;
  /** Shown after the label and matched too: a flag's project, a screen's section. */
  detail?: string;
  /** Where choosing the entry leads; actions may instead run in place. */
  to?: string;
  action?: CommandAction;
};

/** What an action entry does in place: open a create form, or switch a flag in one environment. */
export type CommandAction =
  | 'create-project'
  | 'create-token'
  | { createFlagIn: string }
  | { toggle: { projectId: string; flagName: string; environment: string; enabled: boolean } };

/** The most entries the menu lists: enough to choose from, few enough to draw on every keystroke. */
export const MATCH_LIMIT = 20;

/**
 * How well `query` (lower case, trimmed) matches `text` (lower case): higher is better, 0 is no match. A whole
 * match beats a prefix, a prefix beats a word start, a word start beats any substring, and letters in order
 * ("nwchk" for "new-checkout") match last, tighter spans first.
 */
export function matchScore(text: string, query: string): number {
  if (!query) return 1;
  if (text === query) return 1000;
  if (text.startsWith(query)) return 900 - Math.min(text.length, 100);
  const at = text.indexOf(query);
  if (at > 0) {
    const wordStart = /[\s\-_./:]/.test(text[at - 1]!);
    return (wordStart ? 700 : 500) - Math.min(at, 100);
  }
  let from = 0;
  let first = -1;
  for (const char of query) {
    const found = text.indexOf(char, from);
    if (found < 0) return 0;
    if (first < 0) first = found;
    from = found + 1;
  }
  const span = from - first;
  return Math.max(1, 300 - span);
}

/**
 * The entries matching `query`, best first and at most `limit`: one pass scoring each entry and a sort of the
 * matches only, so 10,000 entries stay well within a keystroke.
 */
export function matchEntries(
  entries: readonly CommandEntry[],
  query: string,
  limit = MATCH_LIMIT,
): CommandEntry[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return entries.slice(0, limit);
  const scored: { entry: CommandEntry; score: number; order: number }[] = [];
  entries.forEach((entry, order) => {
    const label = matchScore(entry.label.toLowerCase(), needle);
    const detail = entry.detail ? matchScore(entry.detail.toLowerCase(), needle) / 2 : 0;
    const score = Math.max(label, detail);
    if (score > 0) scored.push({ entry, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map((s) => s.entry);
}
