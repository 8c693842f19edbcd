import { describe, expect, it } from 'vitest';
import { buildConstraint } from '../../testing/wire-builders.ts';
import { describeConstraint } from '../strategies/strategy-summary.ts';
import {
  explainConstraint,
  explainFlag,
  explainStrategy,
  toRequestContext,
  type PlaygroundFlag,
} from './playground-types.ts';

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

  it('explains a rollout that leaves the context out, after constraints that held', () => {
    const constraint = {
      ...buildConstraint({ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'] }),
      result: true,
      contextValue: 'a@example.com',
    };
    const rollout = {
      ...strategy(false, 'Half'),
      parameters: { rollout: '50', stickiness: 'userId', groupId: 'f' },
      constraints: [constraint],
    };
    expect(explainFlag(flag({ strategies: { result: false, data: [rollout] } }))).toBe(
      'Off: strategy "Half" did not match: its constraints hold, but its 50% rollout by userId leaves this context out (or the context has no such id)',
    );
    expect(explainStrategy({ ...rollout, parameters: { rollout: '0' } })).toMatch(/rollout is 0%/);
    const untitled = { ...rollout, title: undefined };
    expect(
      explainStrategy(untitled, (name) => (name === 'flexibleRollout' ? 'Gradual rollout' : undefined)),
    ).toMatch(/^strategy "Gradual rollout" did not match/);
    expect(explainStrategy(untitled)).toMatch(/^strategy "flexibleRollout"/);
    expect(explainStrategy({ ...rollout, constraints: [{ ...constraint, result: false }] })).toMatch(
      /1 of its 1 constraint failed/,
    );
    expect(
      explainStrategy({ ...strategy(false), name: 'userWithId', parameters: { userIds: '1,2' } }),
    ).toMatch(/userId is not among 1,2/);
    expect(explainConstraint(constraint, describeConstraint)).toBe(
      '✓ email ending in @example.com (the context has a@example.com)',
    );
    expect(explainConstraint({ ...constraint, result: false, contextValue: null }, describeConstraint)).toBe(
      '✗ email ending in @example.com (the context has no email)',
    );
  });
});
