import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES } from '@switchyard/rules';
import { Type } from 'typebox';
import { Nullable } from '../../flag-model/flags/nullable-schema.ts';
import { MilestoneStrategyResponse } from '../release-templates/release-template-schemas.ts';
import { SafeguardResponse } from '../safeguards/safeguard-schemas.ts';

/** Inline: the template routes own the named schema, and Fastify plugins do not share schemas. */
const StrategyResponse = Type.Unsafe({ ...MilestoneStrategyResponse, $id: undefined, examples: undefined });

const exampleMilestone = {
  id: '01JEXAMPLE0000000000000012',
  name: 'Ten percent',
  sortOrder: 0,
  releasePlanDefinitionId: '01JEXAMPLE0000000000000011',
  transitionCondition: { intervalMinutes: 60 },
  startedAt: '2026-01-15T10:05:00.000Z',
  progressionExecutedAt: null,
  pausedAt: null,
  strategies: [
    {
      id: '01JEXAMPLE0000000000000013',
      milestoneId: '01JEXAMPLE0000000000000012',
      sortOrder: 0,
      title: null,
      strategyName: 'flexibleRollout',
      parameters: { rollout: '10', stickiness: 'default', groupId: 'new-checkout' },
      constraints: [],
      variants: [],
      segments: [],
    },
  ],
};
const examplePlan = {
  id: '01JEXAMPLE0000000000000011',
  discriminator: 'plan',
  name: 'Gradual rollout',
  description: '10%, then 50%, then everyone, an hour apart.',
  featureName: 'new-checkout',
  environment: 'production',
  releasePlanTemplateId: '01JEXAMPLE0000000000000001',
  activeMilestoneId: '01JEXAMPLE0000000000000012',
  createdByUserId: 1,
  createdAt: '2026-01-15T10:00:00.000Z',
  pausedAt: null,
  pausedReason: null,
  nextProgressionAt: '2026-01-15T11:05:00.000Z',
  milestones: [exampleMilestone],
  safeguards: [],
};

export const PlanMilestoneResponse = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    sortOrder: Type.Integer(),
    releasePlanDefinitionId: Type.String({ description: 'The plan the milestone belongs to.' }),
    transitionCondition: Nullable(Type.Object({ intervalMinutes: Type.Integer() })),
    startedAt: Nullable(
      Type.String({ format: 'date-time', description: 'When it last started; null: never.' }),
    ),
    progressionExecutedAt: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When the plan moved on from it by itself after it last started; null: not yet.',
      }),
    ),
    pausedAt: Nullable(
      Type.String({
        format: 'date-time',
        description: 'On the active milestone: when the plan’s progressions were paused; null: not paused.',
      }),
    ),
    strategies: Type.Array(StrategyResponse),
  },
  { examples: [exampleMilestone] },
);

export const ReleasePlanResponse = Type.Object(
  {
    id: Type.String({ description: 'A ULID.' }),
    discriminator: Type.Literal('plan'),
    name: Type.String({ description: 'The template’s name when the plan was added.' }),
    description: Nullable(Type.String()),
    featureName: Type.String(),
    environment: Type.String(),
    releasePlanTemplateId: Type.String(),
    activeMilestoneId: Nullable(
      Type.String({ description: 'The milestone whose strategies are on; null: none yet.' }),
    ),
    createdByUserId: Nullable(Type.Integer()),
    createdAt: Type.String({ format: 'date-time' }),
    pausedAt: Nullable(
      Type.String({
        format: 'date-time',
        description: 'While set, no milestone starts by itself (paused by hand or by a safeguard).',
      }),
    ),
    pausedReason: Nullable(
      Type.String({
        description:
          'Why it was paused, in words for the flag page (a triggered safeguard’s explanation); null when paused by hand.',
      }),
    ),
    nextProgressionAt: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the next milestone starts by itself; null: not scheduled (no transition, paused or done).',
      }),
    ),
    milestones: Type.Array(PlanMilestoneResponse),
    safeguards: Type.Array(SafeguardResponse),
  },
  { $id: 'releasePlanSchema', examples: [examplePlan] },
);

export const ReleasePlanListResponse = Type.Array(Type.Ref('releasePlanSchema'), {
  examples: [[examplePlan]],
});

export const AddReleasePlanBody = Type.Object(
  { templateId: Type.String({ minLength: 1, maxLength: 26, description: 'The release template to copy.' }) },
  { additionalProperties: false, examples: [{ templateId: '01JEXAMPLE0000000000000001' }] },
);

export const ProgressionBody = Type.Object(
  {
    targetMilestone: Type.String({ minLength: 1, maxLength: 26, description: 'The milestone it leads to.' }),
    transitionCondition: Type.Object(
      {
        intervalMinutes: Type.Integer({
          minimum: MIN_INTERVAL_MINUTES,
          maximum: MAX_INTERVAL_MINUTES,
          description: 'Minutes after the source milestone starts.',
        }),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { targetMilestone: '01JEXAMPLE0000000000000014', transitionCondition: { intervalMinutes: 60 } },
    ],
  },
);

export const ProgressionResponse = Type.Object(
  {
    sourceMilestone: Type.String(),
    targetMilestone: Type.String(),
    transitionCondition: Type.Object({ intervalMinutes: Type.Integer() }),
  },
  {
    examples: [
      {
        sourceMilestone: '01JEXAMPLE0000000000000012',
        targetMilestone: '01JEXAMPLE0000000000000014',
        transitionCondition: { intervalMinutes: 60 },
      },
    ],
  },
);

export const FlagEnvironmentParams = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
});
export const PlanParams = Type.Object({ ...FlagEnvironmentParams.properties, planId: Type.String() });
export const MilestoneParams = Type.Object({ ...PlanParams.properties, milestoneId: Type.String() });
export const SourceMilestoneParams = Type.Object({
  ...FlagEnvironmentParams.properties,
  sourceMilestoneId: Type.String(),
});
