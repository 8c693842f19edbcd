import { describe, expect, it } from 'vitest';
import { actionEntries, toggleEntries } from './command-entries.ts';

const flag = (name: string, project: string, on: string[], off: string[]) => ({
  name,
  project,
  environments: [
    ...on.map((env) => ({ name: env, enabled: true })),
    ...off.map((env) => ({ name: env, enabled: false })),
  ],
});

describe('command menu actions', () => {
  it('offers the opposite switch per environment the user may change, for the best few flags', () => {
    const flags = [
      flag('checkout', 'web', ['development'], ['production']),
      flag('b', 'web', [], ['development']),
      flag('c', 'web', [], ['development']),
      flag('d', 'web', [], ['development']),
    ];
    const entries = toggleEntries(flags, (project, env) => project === 'web' && env !== 'production');
    expect(entries.map((e) => e.label)).toEqual([
      'Turn off checkout in development',
      'Turn on b in development',
      'Turn on c in development',
    ]);
    expect(entries[0]!.action).toEqual({
      toggle: { projectId: 'web', flagName: 'checkout', environment: 'development', enabled: false },
    });
  });

  it('offers a new API token only to those who may create one', () => {
    const labels = (createToken: boolean) =>
      actionEntries([], { createProject: false, createToken, createFlagIn: () => false }).map((e) => e.label);
    expect(labels(true)).toEqual(['Create API token']);
    expect(labels(false)).toEqual([]);
  });
});
