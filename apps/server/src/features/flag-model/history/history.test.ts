import { describe, expect, it } from 'vitest';
import { flagsIn, NARROW_EVENT_TYPES, recordingScope } from './history.ts';

const event = (
  type: string,
  flagName: string | null = 'checkout',
  environment: string | null = 'development',
) => ({
  type,
  flagName,
  environment,
});

describe('recordingScope', () => {
  it('lists exactly the event types that stay inside the entry of the flag they name', () => {
    expect([...NARROW_EVENT_TYPES].sort()).toEqual([
      'feature-archived',
      'feature-environment-disabled',
      'feature-environment-enabled',
      'feature-environment-variants-updated',
      'feature-metadata-updated',
      'feature-potentially-stale-on',
      'feature-stale-off',
      'feature-stale-on',
      'feature-strategy-add',
      'feature-strategy-remove',
      'feature-strategy-update',
      'feature-tagged',
      'feature-untagged',
      'strategy-order-changed',
    ]);
  });

  it('is narrow when every event is of a listed type and names its flag', () => {
    const scope = recordingScope([
      event('feature-environment-enabled'),
      event('feature-strategy-add', 'checkout', 'production'),
      event('feature-metadata-updated', 'banner', null),
    ]);
    expect(scope.whole).toBe(false);
    if (scope.whole) return;
    // An event naming no environment reaches the flag in every environment.
    expect(flagsIn(scope, 'development')).toEqual(['banner', 'checkout']);
    expect(flagsIn(scope, 'production')).toEqual(['banner', 'checkout']);
    expect(flagsIn(scope, 'staging')).toEqual(['banner']);
  });

  it.each([
    'segment-updated',
    'segment-created',
    'context-field-updated',
    'feature-project-change',
    'features-imported',
    'feature-dependency-added',
    'feature-dependencies-removed',
    'feature-created',
    'feature-deleted',
    'feature-revived',
    'environment-created',
    'project-environment-added',
    'feature-type-updated',
    'strategy-updated',
    'tag-type-deleted',
    'change-request-applied',
    'no-such-type',
  ])('reads the whole environment for %s, even beside narrow events', (type) => {
    expect(recordingScope([event('feature-environment-enabled'), event(type)])).toEqual({ whole: true });
    expect(recordingScope([event(type)])).toEqual({ whole: true });
  });

  it('reads the whole environment when an event names no flag, or when there is no event', () => {
    expect(recordingScope([event('feature-environment-enabled', null)])).toEqual({ whole: true });
    expect(recordingScope([])).toEqual({ whole: true });
  });
});
