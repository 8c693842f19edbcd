import { Type } from 'typebox';
import { Nullable } from '../../flag-model/flags/nullable-schema.ts';
import { MilestoneStrategyResponse } from '../release-templates/release-template-schemas.ts';

/** Inline: the template routes own the named schema, and Fastify plugins do not share schemas. */
const StrategyResponse = Type.Unsafe({ ...MilestoneStrategyResponse, $id: undefined, examples: undefined });

const exampleMilestone = {
  id: '01JEXAMPLE0000000000000012',
  name: 'Ten percent',
  sortOrder: 0,
  releasePlanDefinitionId: '01JEXAMPLE0000000000000011',
  transitionCondition: { intervalMinutes: 60 },
  startedAt: '2026-01-15T10:05:00.000Z',
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
  milestones: [exampleMilestone],
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
    milestones: Type.Array(PlanMilestoneResponse),
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

export const FlagEnvironmentParams = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
});
export const PlanParams = Type.Object({ ...FlagEnvironmentParams.properties, planId: Type.String() });
export const MilestoneParams = Type.Object({ ...PlanParams.properties, milestoneId: Type.String() });
