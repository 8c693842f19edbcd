import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES } from '@switchyard/rules';
import { Type, type Static } from 'typebox';
import { Nullable } from '../../flag-model/flags/nullable-schema.ts';
import { ConstraintBody, exampleConstraint } from '../../flag-model/flags/strategy-schemas.ts';
import { StrategyVariantBody } from '../../flag-model/flags/variant-schemas.ts';

const exampleStrategy = {
  id: '01JEXAMPLE0000000000000003',
  milestoneId: '01JEXAMPLE0000000000000002',
  sortOrder: 0,
  title: 'A tenth of the users',
  strategyName: 'flexibleRollout',
  parameters: { rollout: '10', stickiness: 'default', groupId: '{{featureName}}' },
  constraints: [exampleConstraint],
  variants: [],
  segments: [],
};
const exampleMilestone = {
  id: '01JEXAMPLE0000000000000002',
  name: 'Ten percent',
  sortOrder: 0,
  releasePlanDefinitionId: '01JEXAMPLE0000000000000001',
  transitionCondition: { intervalMinutes: 60 },
  strategies: [exampleStrategy],
};
const exampleTemplate = {
  id: '01JEXAMPLE0000000000000001',
  discriminator: 'template',
  name: 'Gradual rollout',
  description: '10%, then 50%, then everyone, an hour apart.',
  createdByUserId: 1,
  createdAt: '2026-01-15T10:00:00.000Z',
  archivedAt: null,
  milestones: [exampleMilestone],
};

const ParameterValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

const TransitionCondition = Type.Object(
  {
    intervalMinutes: Type.Integer({
      minimum: MIN_INTERVAL_MINUTES,
      maximum: MAX_INTERVAL_MINUTES,
      description: 'Minutes after the milestone starts that the next milestone starts by itself.',
    }),
  },
  { additionalProperties: false },
);

const MilestoneStrategyBody = Type.Object(
  {
    sortOrder: Type.Integer({ description: 'Position among the milestone’s strategies.' }),
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'The strategy type, e.g. flexibleRollout.' }),
    ),
    strategyName: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'Deprecated: the same as `name`.' }),
    ),
    title: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
    parameters: Type.Optional(
      Type.Record(Type.String(), ParameterValue, {
        description: 'Strategy parameters; numbers and booleans are stored as strings.',
      }),
    ),
    constraints: Type.Optional(Type.Array(ConstraintBody)),
    variants: Type.Optional(Type.Array(StrategyVariantBody)),
    segments: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), { description: 'Ids of segments to apply.' }),
    ),
  },
  { additionalProperties: false, description: 'Needs the strategy type in `name` (or `strategyName`).' },
);
export type MilestoneStrategyBody = Static<typeof MilestoneStrategyBody>;

const MilestoneBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '\\S',
      description: 'Unique within the template.',
    }),
    sortOrder: Type.Integer({ description: 'Position of the milestone in the release; lowest first.' }),
    transitionCondition: Type.Optional(
      Type.Union([TransitionCondition, Type.Null()], {
        description: 'When the next milestone starts by itself; null or left out: only by hand.',
      }),
    ),
    strategies: Type.Optional(Type.Array(MilestoneStrategyBody, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type MilestoneBody = Static<typeof MilestoneBody>;

const templateFields = {
  name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', description: 'Unique among templates.' }),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  milestones: Type.Optional(Type.Array(MilestoneBody, { maxItems: 50 })),
};
const {
  id: _id,
  createdAt: _c,
  createdByUserId: _u,
  archivedAt: _a,
  discriminator: _d,
  ...exampleBodyTemplate
} = exampleTemplate;
const exampleBody = {
  ...exampleBodyTemplate,
  milestones: [
    {
      name: 'Ten percent',
      sortOrder: 0,
      transitionCondition: { intervalMinutes: 60 },
      strategies: [
        { sortOrder: 0, name: 'flexibleRollout', parameters: { rollout: '10', stickiness: 'default' } },
      ],
    },
  ],
};

export const CreateReleaseTemplateBody = Type.Object(templateFields, {
  additionalProperties: false,
  examples: [exampleBody],
});
export type CreateReleaseTemplateBody = Static<typeof CreateReleaseTemplateBody>;

export const UpdateReleaseTemplateBody = Type.Object(
  {
    id: Type.Optional(Type.String({ description: 'The template id; when sent, it must match the path.' })),
    ...templateFields,
  },
  {
    additionalProperties: false,
    description: 'The milestones sent replace the old ones; left out, they are kept.',
    examples: [exampleBody],
  },
);
export type UpdateReleaseTemplateBody = Static<typeof UpdateReleaseTemplateBody>;

export const MilestoneStrategyResponse = Type.Object(
  {
    id: Type.String(),
    milestoneId: Type.String(),
    sortOrder: Type.Integer(),
    title: Nullable(Type.String()),
    strategyName: Type.String(),
    parameters: Type.Record(Type.String(), Type.String()),
    constraints: Type.Array(Type.Unknown()),
    variants: Type.Array(Type.Unknown()),
    segments: Type.Array(Type.Integer()),
  },
  { $id: 'releasePlanMilestoneStrategySchema', examples: [exampleStrategy] },
);

export const MilestoneResponse = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    sortOrder: Type.Integer(),
    releasePlanDefinitionId: Type.String(),
    transitionCondition: Nullable(Type.Object({ intervalMinutes: Type.Integer() })),
    strategies: Type.Array(Type.Ref('releasePlanMilestoneStrategySchema')),
  },
  { $id: 'releasePlanMilestoneSchema', examples: [exampleMilestone] },
);

export const ReleaseTemplateResponse = Type.Object(
  {
    id: Type.String({ description: 'A ULID.' }),
    discriminator: Type.Literal('template'),
    name: Type.String(),
    description: Nullable(Type.String()),
    createdByUserId: Nullable(Type.Integer({ description: 'Null when an API token created it.' })),
    createdAt: Type.String({ format: 'date-time' }),
    archivedAt: Nullable(Type.String({ format: 'date-time' })),
    milestones: Type.Array(Type.Ref('releasePlanMilestoneSchema')),
  },
  { $id: 'releasePlanTemplateSchema', examples: [exampleTemplate] },
);

export const ReleaseTemplateListResponse = Type.Array(Type.Ref('releasePlanTemplateSchema'), {
  examples: [[exampleTemplate]],
});

export const TemplateIdParams = Type.Object({
  templateId: Type.String({ minLength: 1, maxLength: 26, description: 'The template id.' }),
});
