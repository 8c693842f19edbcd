/** A line diff (longest common subsequence) of two texts: lines prefixed `- `, `+ ` or `  `, with 2 lines of context. */
export function lineDiff(before: string, after: string, context = 2): string[] {
  const a = before ? before.replace(/\n$/, '').split('\n') : [];
  const b = after ? after.replace(/\n$/, '').split('\n') : [];
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] =
        a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const lines: { mark: ' ' | '-' | '+'; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ mark: ' ', text: a[i++]! });
      j++;
    } else if (i < a.length && (j >= b.length || lengths[i + 1]![j]! >= lengths[i]![j + 1]!))
      lines.push({ mark: '-', text: a[i++]! });
    else lines.push({ mark: '+', text: b[j++]! });
  }
  const near = (n: number) =>
    lines.slice(Math.max(0, n - context), n + context + 1).some((l) => l.mark !== ' ');
  const out: string[] = [];
  let skipped = false;
  lines.forEach((line, n) => {
    if (line.mark !== ' ' || near(n)) {
      if (skipped) out.push('  …');
      skipped = false;
      out.push(`${line.mark} ${line.text}`);
    } else skipped = true;
  });
  return out;
}
