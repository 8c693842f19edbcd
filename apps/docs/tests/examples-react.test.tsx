// @vitest-environment jsdom
import path from 'node:path';
import type { ComponentType } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleGroups, examplesDir, readerEnv } from './support/examples';
import { startSwitchyard, type RunningServer } from './support/switchyard-server';

/**
 * Every React example (examples/**\/*.tsx) is rendered in jsdom against a Switchyard started for this test. The
 * contract (examples/README.md): the file default-exports a component taking `url` (Switchyard's base URL) and
 * `clientKey` (a frontend token); it shows "Loading" until flags arrive and an element with role="alert" when it
 * cannot reach the server. Node examples of the same folder (e.g. 01-create-flags.mjs) run first via examples.test.ts;
 * here each folder's setup scripts run again before its components render, so the flags exist.
 */
const groups = exampleGroups('react');
let server: RunningServer;

beforeAll(async () => {
  server = await startSwitchyard();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(async () => {
  await server?.stop();
});

async function settle(container: HTMLElement, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = container.textContent ?? '';
    if (text.trim() && !/loading/i.test(text)) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  }
  throw new Error(`still loading after ${timeoutMs} ms: "${container.textContent}"`);
}

async function runSetupScripts(dir: string): Promise<void> {
  const { spawnSync } = await import('node:child_process');
  for (const [group, files] of exampleGroups('node'))
    if (group === dir)
      for (const file of files) {
        const result = spawnSync(process.execPath, [path.join(examplesDir, file)], {
          env: readerEnv(server.env),
          encoding: 'utf8',
          timeout: 45_000,
        });
        if (result.status !== 0)
          throw new Error(`${file} failed before the React examples: ${result.stderr}`);
      }
}

describe('examples/ (React)', () => {
  describe.each(groups)('%s/', (dir, files) => {
    it.each(files)('%s renders flags from Switchyard', async (file) => {
      await runSetupScripts(dir);
      const module = (await import(/* @vite-ignore */ path.join(examplesDir, file))) as {
        default: ComponentType<{ url: string; clientKey: string }>;
      };
      const App = module.default;
      expect(typeof App, `${file} default-exports a component`).toBe('function');
      const container = document.createElement('div');
      document.body.append(container);
      const root = createRoot(container);
      await act(async () =>
        root.render(<App url={server.url} clientKey={server.env.SWITCHYARD_FRONTEND_TOKEN!} />),
      );
      try {
        await settle(container, 15_000);
        console.log(`[example] ${file}: ${container.textContent}`);
        expect(container.querySelector('[role="alert"]'), `${file} reached Switchyard`).toBeNull();
      } finally {
        await act(async () => root.unmount());
        container.remove();
      }
    });
  });
});
