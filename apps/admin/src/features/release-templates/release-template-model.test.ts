import { describe, expect, it } from 'vitest';
import type { ReleaseTemplate } from '../../api/wire.ts';
import { BUILT_IN_STRATEGIES } from '../strategies/strategy-model.ts';
import {
  describeInterval,
  milestoneDefinitions,
  newTemplateDraft,
  problemsUnder,
  templateProblems,
  toTemplateBody,
  toTemplateDraft,
} from './release-template-model.ts';

const definitions = milestoneDefinitions(BUILT_IN_STRATEGIES);

const template: ReleaseTemplate = {
  id: 't1',
  discriminator: 'template',
  name: 'Gradual',
  description: null,
  createdByUserId: 1,
  createdAt: '2026-01-15T10:00:00.000Z',
  archivedAt: null,
  milestones: [
    {
      id: 'm2',
      name: 'Everyone',
      sortOrder: 1,
      releasePlanDefinitionId: 't1',
      transitionCondition: null,
      strategies: [],
    },
    {
      id: 'm1',
      name: 'Ten percent',
      sortOrder: 0,
      releasePlanDefinitionId: 't1',
      transitionCondition: { intervalMinutes: 90 },
      strategies: [
        {
          id: 's1',
          milestoneId: 'm1',
          sortOrder: 0,
          title: null,
          strategyName: 'flexibleRollout',
          parameters: { rollout: '10', stickiness: 'userId' },
          constraints: [],
          variants: [],
          segments: [4],
        },
      ],
    },
  ],
};

describe('a release template in the editor', () => {
  it('starts with 10%, half and everyone, each a gradual rollout that leaves the group id to the flag', () => {
    const draft = newTemplateDraft();
    expect(draft.milestones.map((m) => [m.name, m.strategies[0]!.parameters])).toEqual([
      ['Ten percent', { rollout: '10', stickiness: 'default' }],
      ['Half', { rollout: '50', stickiness: 'default' }],
      ['Everyone', { rollout: '100', stickiness: 'default' }],
    ]);
    // Only the name is missing: an empty group id is no problem in a milestone.
    expect(templateProblems(draft, definitions)).toEqual({ name: 'A template needs a name' });
  });

  it('reads a template in milestone order and sends it back with sort orders and intervals', () => {
    const draft = toTemplateDraft(template);
    expect(draft.milestones.map((m) => [m.name, m.intervalMinutes])).toEqual([
      ['Ten percent', 90],
      ['Everyone', ''],
    ]);
    const body = toTemplateBody({ ...draft, description: '  ' });
    expect(body).toEqual({
      name: 'Gradual',
      description: null,
      milestones: [
        {
          name: 'Ten percent',
          sortOrder: 0,
          transitionCondition: { intervalMinutes: 90 },
          strategies: [
            {
              name: 'flexibleRollout',
              sortOrder: 0,
              title: null,
              constraints: [],
              parameters: { rollout: '10', stickiness: 'userId' },
              segments: [4],
              variants: [],
            },
          ],
        },
        { name: 'Everyone', sortOrder: 1, transitionCondition: null, strategies: [] },
      ],
    });
  });

  it('names the problems where the server would: milestone names, intervals and strategy parameters', () => {
    const draft = toTemplateDraft(template);
    draft.milestones[1]!.name = 'Ten percent';
    draft.milestones[0]!.intervalMinutes = 0;
    draft.milestones[0]!.strategies[0]!.parameters.rollout = '120';
    const problems = templateProblems(draft, definitions);
    expect(problems).toEqual({
      'milestones.1.name': 'Two milestones are named "Ten percent"',
      'milestones.0.transitionCondition': 'Whole minutes from 1 to 525600',
      'milestones.0.strategies.0.parameters.rollout': 'A whole percentage from 0 to 100',
    });
    expect(problemsUnder(problems, 'milestones.0')).toEqual({
      transitionCondition: 'Whole minutes from 1 to 525600',
      'strategies.0.parameters.rollout': 'A whole percentage from 0 to 100',
    });
    expect(templateProblems({ ...draft, name: 'x', milestones: [] }, definitions)).toEqual({
      milestones: 'Add at least one milestone',
    });
  });

  it('says intervals in days, hours and minutes', () => {
    expect(describeInterval(60)).toBe('1 h');
    expect(describeInterval(1530)).toBe('1 d 1 h 30 min');
    expect(describeInterval(5)).toBe('5 min');
  });
});
