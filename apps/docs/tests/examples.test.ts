import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleGroups, examplesDir, readerEnv } from './support/examples';
import { startSwitchyard, type RunningServer } from './support/switchyard-server';

/**
 * Every Node example and curl recipe under examples/ runs against a Switchyard started for this test, as a reader
 * would run it: `node file` (TypeScript through tsx) or `bash file.sh`, with the SWITCHYARD_* variables set. Each must print what it evaluated and
 * exit 0 within the time limit. Files of one folder run in name order, so a folder's 01-setup runs before 02-app.
 */
const groups = exampleGroups('node');

/**
 * What a file's output must show, in this order, where its page promises an outcome the file's own checks alone
 * would not show a reader (it fails on its own when they do not hold; this keeps the printed story honest too).
 */
const PROMISED_OUTPUT: Record<string, RegExp[]> = {
  'how-to/require-approval.sh': [
    /^alex turns instant-refunds on directly: 403 SKIP_CHANGE_REQUEST$/m,
    /^before it is applied, instant-refunds in production: false$/m,
    /^alex approves their own request: 403$/m,
    /^robin applies: Applied$/m,
    /^after it is applied, instant-refunds in production: true$/m,
  ],
  'how-to/release-plan.sh': [
    /^SDKs get on: true, rollout: 10%$/m,
    /^started 50%: SDKs get on: true, rollout: 50%$/m,
    /, next by itself: null$/m,
  ],
  'how-to/rollout-over-a-day.sh': [
    /^started 10%: next by itself at \S+Z$/m,
    /^3 errors: safeguard read 3, plan paused: false$/m,
    /^40 more errors: plan paused: true, next by itself: null$/m,
    /^why: paused at 10% because count of checkout_errors > 10 for 5 min \(it was 43\)$/m,
    /^ {2}safeguard-triggered$/m,
  ],
};
let server: RunningServer;

beforeAll(async () => {
  // Safeguards evaluated each second rather than every 10 s, so the safeguard recipe sees its plan paused sooner.
  server = await startSwitchyard({ SAFEGUARD_INTERVAL_MS: '1000' });
});
afterAll(async () => {
  await server?.stop();
});

function run(file: string): Promise<{ code: number | null; output: string }> {
  // A .sh file is a curl recipe, run with bash as a reader would paste it; the rest run with this Node.
  const [command, args] = file.endsWith('.sh')
    ? ['bash', [file]]
    : [process.execPath, file.endsWith('.ts') ? ['--import', 'tsx', file] : [file]];
  const child = spawn(command, args, {
    cwd: path.dirname(file),
    env: readerEnv(server.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('examples/ (Node)', () => {
  it('has runnable examples', () => {
    expect(groups.length).toBeGreaterThan(0);
  });

  it.each(Object.keys(PROMISED_OUTPUT))('%s, whose output is checked, is run', (file) => {
    expect(groups.flatMap(([, files]) => files)).toContain(file);
  });

  describe.each(groups)('%s/', (_dir, files) => {
    it.each(files)('%s runs and exits 0', async (file) => {
      const { code, output } = await run(path.join(examplesDir, file));
      console.log(`[example] ${file}\n${output.trim()}`);
      expect(output.trim(), `${file} prints what it evaluated`).not.toBe('');
      expect(code, `${file} exit code; output:\n${output}`).toBe(0);
      let from = 0;
      for (const promise of PROMISED_OUTPUT[file] ?? []) {
        const found = promise.exec(output.slice(from));
        expect(found, `${file} prints ${promise} after what came before; output:\n${output}`).not.toBeNull();
        from += found!.index + found![0].length;
      }
    });
  });
});
