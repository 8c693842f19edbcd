import { describe, expect, it } from 'vitest';
import { explainFlag, toRequestContext, type PlaygroundFlag } from './playground-types.ts';

const flag = (patch: Partial<PlaygroundFlag>): PlaygroundFlag => ({
  name: 'f',
  projectId: 'default',
  isEnabled: false,
  isEnabledInCurrentEnvironment: true,
  strategies: { result: false, data: [] },
  variant: null,
  ...patch,
});
const strategy = (enabled: boolean | 'unknown', title?: string) => ({
  name: 'flexibleRollout',
  title,
  result: { enabled },
  constraints: [],
  segments: [],
});

describe('playground', () => {
  it('sends only the context fields that were filled in', () => {
    expect(
      toRequestContext({
        appName: ' shop ',
        userId: '',
        sessionId: '',
        remoteAddress: '10.0.0.1',
        currentTime: '',
        properties: [
          { name: 'email', value: 'a@example.com' },
          { name: ' ', value: 'ignored' },
        ],
      }),
    ).toEqual({ appName: 'shop', remoteAddress: '10.0.0.1', properties: { email: 'a@example.com' } });
  });

  it('explains each outcome', () => {
    expect(explainFlag(flag({ isEnabledInCurrentEnvironment: false }))).toMatch(
      /turned off in this environment/,
    );
    expect(explainFlag(flag({ hasUnsatisfiedDependency: true }))).toMatch(/parent flag/);
    expect(explainFlag(flag({ isEnabled: true }))).toMatch(/no strategies/);
    expect(
      explainFlag(flag({ strategies: { result: true, data: [strategy(false), strategy(true, 'beta')] } })),
    ).toBe('On: strategy "beta" matched');
    expect(
      explainFlag(flag({ strategies: { result: false, data: [strategy(false), strategy(false)] } })),
    ).toBe('Off: none of the 2 strategies matched');
    expect(explainFlag(flag({ strategies: { result: 'unknown', data: [strategy('unknown')] } }))).toMatch(
      /Unknown/,
    );
  });
});
