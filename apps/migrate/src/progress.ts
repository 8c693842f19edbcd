/** Progress on stderr, so stdout keeps only the plan and the report. One line per kind, updated in place on a TTY. */
export type Progress = { step(kind: string, done: number, total: number): void; done(): void };

export function createProgress(stream: NodeJS.WriteStream | null = process.stderr): Progress {
  let lastKind = '';
  let lastPrinted = 0;
  return {
    step(kind, done, total) {
      if (!stream) return;
      const line = `[migrate] ${kind}: ${done}/${total}`;
      if (stream.isTTY) {
        stream.write(`\r${line}${kind === lastKind ? '' : ''}   `);
      } else if (kind !== lastKind || done === total || Date.now() - lastPrinted > 2000) {
        stream.write(`${line}\n`);
        lastPrinted = Date.now();
      }
      lastKind = kind;
    },
    done() {
      if (stream?.isTTY) stream.write('\n');
    },
  };
}
