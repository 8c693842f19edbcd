/**
 * A unified diff of one file's two versions (`diff -u`, three lines of context), as `git apply` and `patch -p1` read
 * it. Lines are compared after trimming the common start and end, so a small change to a long file stays cheap.
 */
export function unifiedPatch(file: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  const a = before.split('\n');
  const b = after.split('\n');
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix += 1;
  const x = a.slice(prefix, a.length - suffix);
  const y = b.slice(prefix, b.length - suffix);
  // Longest common subsequence of the middle parts, then the edit script from it.
  const lcs: number[][] = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i -= 1)
    for (let j = y.length - 1; j >= 0; j -= 1)
      lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  type Op = { kind: ' ' | '-' | '+'; text: string };
  const ops: Op[] = a.slice(0, prefix).map((text) => ({ kind: ' ', text }));
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      ops.push({ kind: ' ', text: x[i]! });
      i += 1;
      j += 1;
    } else if (j < y.length && (i === x.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      ops.push({ kind: '+', text: y[j]! });
      j += 1;
    } else {
      ops.push({ kind: '-', text: x[i]! });
      i += 1;
    }
  }
  ops.push(...a.slice(a.length - suffix).map((text) => ({ kind: ' ' as const, text })));

  // Group changes with their context into hunks.
  const lines = [`--- a/${file}`, `+++ b/${file}`];
  let k = 0;
  while (k < ops.length) {
    while (k < ops.length && ops[k]!.kind === ' ') k += 1;
    if (k >= ops.length) break;
    let start = Math.max(0, k - context);
    let end = k;
    // Extend while the next change is within two contexts.
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== ' ') end += 1;
      let next = end;
      while (next < ops.length && ops[next]!.kind === ' ') next += 1;
      if (next < ops.length && next - end <= 2 * context) end = next;
      else {
        end = Math.min(ops.length, end + context);
        break;
      }
    }
    let oldStart = 1;
    let newStart = 1;
    for (let m = 0; m < start; m += 1) {
      if (ops[m]!.kind !== '+') oldStart += 1;
      if (ops[m]!.kind !== '-') newStart += 1;
    }
    const hunk = ops.slice(start, end);
    const oldCount = hunk.filter((op) => op.kind !== '+').length;
    const newCount = hunk.filter((op) => op.kind !== '-').length;
    lines.push(
      `@@ -${oldCount ? oldStart : oldStart - 1},${oldCount} +${newCount ? newStart : newStart - 1},${newCount} @@`,
    );
    for (const op of hunk) lines.push(op.kind + op.text);
    k = end;
    start = end;
  }
  return `${lines.join('\n')}\n`;
}
