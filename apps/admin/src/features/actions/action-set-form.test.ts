import { describe, expect, it } from 'vitest';
import { bodyOf, formOf } from './action-set-form.ts';

describe('the action set form', () => {
  it('turns rows into the wire body: filters by field, actions in order with their target parameter', () => {
    const form = formOf(undefined, 'production');
    const body = bodyOf(
      {
        ...form,
        name: ' Stop checkout ',
        actorId: '5',
        sourceId: '2',
        filters: [
          {
            field: 'status',
            operator: 'IN',
            values: 'firing, pending',
            inverted: false,
            caseInsensitive: true,
          },
          { field: ' ', operator: 'IN', values: 'ignored', inverted: false, caseInsensitive: false },
        ],
        actions: [
          { action: 'TOGGLE_FEATURE_OFF', environment: 'production', target: 'checkout' },
          { action: 'TOGGLE_FEATURES_ON_BY_TAG', environment: 'development', target: 'simple:kill' },
        ],
      },
      'web',
    );
    expect(body).toEqual({
      name: 'Stop checkout',
      description: null,
      enabled: true,
      actorId: 5,
      match: {
        source: 'signal-endpoint',
        sourceId: 2,
        payload: {
          status: { operator: 'IN', values: ['firing', 'pending'], inverted: false, caseInsensitive: true },
        },
      },
      actions: [
        {
          action: 'TOGGLE_FEATURE_OFF',
          sortOrder: 1,
          executionParams: { project: 'web', environment: 'production', featureName: 'checkout' },
        },
        {
          action: 'TOGGLE_FEATURES_ON_BY_TAG',
          sortOrder: 2,
          executionParams: { project: 'web', environment: 'development', tag: 'simple:kill' },
        },
      ],
    });
  });

  it('reads a saved action set back into rows', () => {
    const form = formOf(
      {
        id: 1,
        project: 'web',
        name: 'Resume',
        description: null,
        enabled: false,
        actorId: 5,
        match: {
          source: 'signal-endpoint',
          sourceId: 2,
          payload: { 'labels.env': { operator: 'IN', values: ['prod'] } },
        },
        actions: [
          {
            id: 3,
            action: 'TOGGLE_FEATURES_ON_BY_TAG',
            sortOrder: 1,
            executionParams: { environment: 'production', tag: 'simple:kill' },
            createdAt: '2026-01-01T00:00:00.000Z',
            createdByUserId: 1,
          },
        ],
        createdAt: '2026-01-01T00:00:00.000Z',
        createdByUserId: 1,
      },
      'development',
    );
    expect(form.filters).toEqual([
      { field: 'labels.env', operator: 'IN', values: 'prod', inverted: false, caseInsensitive: false },
    ]);
    expect(form.actions).toEqual([
      { action: 'TOGGLE_FEATURES_ON_BY_TAG', environment: 'production', target: 'simple:kill' },
    ]);
    expect(form.enabled).toBe(false);
  });
});
