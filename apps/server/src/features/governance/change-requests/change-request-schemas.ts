import { Type, type Static, type TSchema } from 'typebox';
import { CreateDependentFeatureBody } from '../../flag-model/dependencies/dependency-schemas.ts';
import {
  CreateStrategyBody,
  SortOrderBody,
  UpdateStrategyBody,
} from '../../flag-model/flags/strategy-schemas.ts';
import { VariantListBody } from '../../flag-model/flags/variant-schemas.ts';
import { UpsertSegmentBody } from '../../flag-model/segments/segment-schemas.ts';
import { AddReleasePlanBody, ProgressionBody, SafeguardBody } from '../../release/index.ts';
import {
  type Action,
  FLAG_ACTIONS,
  RELEASE_PLAN_ACTIONS,
  SEGMENT_ACTIONS,
  STATES,
} from './change-request.ts';

const DateTime = Type.String({ format: 'date-time' });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Fields the admin UI of Unleash adds to payloads for its own display; accepted and ignored. */
const uiExtras = { snapshot: Type.Optional(Type.Unknown()) };

const Ulid = Type.String({ minLength: 1, maxLength: 26 });
const planPayload = Type.Object({ planId: Ulid, ...uiExtras }, { additionalProperties: false });

/** The payload each action takes: the direct write's own body schema where there is one. */
export const PAYLOADS: Record<Action, TSchema | undefined> = {
  updateEnabled: Type.Object(
    { enabled: Type.Boolean(), shouldActivateDisabledStrategies: Type.Optional(Type.Boolean()) },
    { additionalProperties: false },
  ),
  addStrategy: CreateStrategyBody,
  updateStrategy: Type.Object(
    { ...UpdateStrategyBody.properties, id: Type.String({ minLength: 1 }), ...uiExtras },
    { additionalProperties: false },
  ),
  deleteStrategy: Type.Object(
    {
      id: Type.String({ minLength: 1 }),
      name: Type.Optional(Type.String()),
      title: Type.Optional(Type.Unknown()),
      disabled: Type.Optional(Type.Unknown()),
      ...uiExtras,
    },
    { additionalProperties: false },
  ),
  reorderStrategy: SortOrderBody,
  patchVariant: Type.Object({ variants: VariantListBody }, { additionalProperties: false }),
  archiveFeature: undefined,
  addDependency: CreateDependentFeatureBody,
  deleteDependency: undefined,
  updateSegment: Type.Object(
    {
      ...UpsertSegmentBody.properties,
      id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
      ...uiExtras,
    },
    { additionalProperties: false },
  ),
  deleteSegment: Type.Object(
    { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), ...uiExtras },
    { additionalProperties: false },
  ),
  addReleasePlan: AddReleasePlanBody,
  deleteReleasePlan: planPayload,
  startMilestone: Type.Object(
    { planId: Ulid, milestoneId: Ulid, ...uiExtras },
    { additionalProperties: false },
  ),
  changeMilestoneProgression: Type.Object(
    { ...ProgressionBody.properties, sourceMilestone: Ulid, ...uiExtras },
    { additionalProperties: false },
  ),
  deleteMilestoneProgression: Type.Object(
    { sourceMilestone: Ulid, ...uiExtras },
    { additionalProperties: false },
  ),
  pauseMilestoneProgression: planPayload,
  resumeMilestoneProgression: planPayload,
  changeSafeguard: Type.Object(
    { planId: Ulid, safeguard: SafeguardBody, ...uiExtras },
    { additionalProperties: false },
  ),
  deleteSafeguard: Type.Object(
    { planId: Ulid, safeguardId: Ulid, ...uiExtras },
    { additionalProperties: false },
  ),
  changeFeatureEnvSafeguard: Type.Object(
    { safeguard: SafeguardBody, ...uiExtras },
    { additionalProperties: false },
  ),
  deleteFeatureEnvSafeguard: Type.Object({ safeguardId: Ulid, ...uiExtras }, { additionalProperties: false }),
};

const exampleChange = { feature: 'new-checkout', action: 'updateEnabled', payload: { enabled: true } };

export const ChangeBody = Type.Object(
  {
    feature: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'The flag a flag change changes; absent for segment changes.',
      }),
    ),
    action: Type.String({ enum: [...FLAG_ACTIONS, ...RELEASE_PLAN_ACTIONS, ...SEGMENT_ACTIONS] }),
    payload: Type.Optional(
      Type.Unknown({
        description:
          'What to change, by action: updateEnabled `{enabled, shouldActivateDisabledStrategies?}`; addStrategy a strategy as POST strategies takes; updateStrategy the same with `id`; deleteStrategy `{id}`; reorderStrategy `[{id, sortOrder}]`; patchVariant `{variants}`; addDependency `{feature, enabled?, variants?}`; updateSegment a segment with `id`; deleteSegment `{id}`; none for archiveFeature and deleteDependency. Release plans: addReleasePlan `{templateId}`; startMilestone `{planId, milestoneId}`; changeMilestoneProgression `{sourceMilestone, targetMilestone, transitionCondition: {intervalMinutes}}`; deleteMilestoneProgression `{sourceMilestone}`; deleteReleasePlan, pauseMilestoneProgression (Switchyard) and resumeMilestoneProgression `{planId}`; changeSafeguard `{planId, safeguard}` (a safeguard as PUT safeguards takes, with `id` to change one); deleteSafeguard `{planId, safeguardId}`; a flag environment’s own safeguards: changeFeatureEnvSafeguard `{safeguard}` and deleteFeatureEnvSafeguard `{safeguardId}`.',
      }),
    ),
  },
  { additionalProperties: false, examples: [exampleChange] },
);
export type ChangeBody = Static<typeof ChangeBody>;

export const ChangesBody = Type.Union([ChangeBody, Type.Array(ChangeBody, { minItems: 1, maxItems: 100 })], {
  examples: [
    [exampleChange, { feature: 'new-checkout', action: 'addStrategy', payload: { name: 'default' } }],
  ],
});

export const ConfigBody = Type.Object(
  {
    changeRequestsEnabled: Type.Boolean(),
    requiredApprovals: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1000, description: 'Clamped to 1..10; 1 when left out.' }),
    ),
  },
  { additionalProperties: false, examples: [{ changeRequestsEnabled: true, requiredApprovals: 2 }] },
);

export const ConfigResponse = Type.Array(
  Type.Object({
    environment: Type.String(),
    type: Type.String(),
    changeRequestEnabled: Type.Boolean(),
    requiredApprovals: nullable(Type.Integer()),
  }),
  {
    examples: [
      [
        {
          environment: 'development',
          type: 'development',
          changeRequestEnabled: false,
          requiredApprovals: null,
        },
        { environment: 'production', type: 'production', changeRequestEnabled: true, requiredApprovals: 1 },
      ],
    ],
  },
);

export const StateBody = Type.Object(
  {
    state: Type.String({ enum: [...STATES] }),
    comment: Type.Optional(Type.String({ maxLength: 10_000 })),
    scheduledAt: Type.Optional(Type.String({ format: 'date-time', description: 'With state Scheduled.' })),
  },
  {
    additionalProperties: false,
    examples: [{ state: 'Approved' }, { state: 'Scheduled', scheduledAt: '2026-12-01T09:00:00Z' }],
  },
);
export const TitleBody = Type.Object(
  { title: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false, examples: [{ title: 'Launch new checkout' }] },
);
export const CommentBody = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: 10_000 }) },
  { additionalProperties: false, examples: [{ text: 'Looks good once the rollout is 10%.' }] },
);
export const ReviewersBody = Type.Object(
  { reviewers: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10 }) },
  { additionalProperties: false, examples: [{ reviewers: [3, 7] }] },
);

const ReviewerResponse = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  username: Type.Optional(nullable(Type.String())),
  name: Type.Optional(nullable(Type.String())),
  imageUrl: Type.Optional(nullable(Type.String())),
});

const Who = Type.Object({
  id: Type.Optional(nullable(Type.Integer())),
  username: Type.Optional(nullable(Type.String())),
  imageUrl: Type.Optional(nullable(Type.String())),
});

const exampleWho = { id: 3, username: 'ada', imageUrl: null };
const exampleChangeRequest = {
  id: 4,
  title: 'Launch new checkout',
  environment: 'production',
  project: 'default',
  state: 'In review',
  minApprovals: 1,
  createdBy: exampleWho,
  createdAt: '2026-11-26T09:00:00.000Z',
  features: [
    {
      name: 'new-checkout',
      changes: [
        {
          id: 11,
          action: 'updateEnabled',
          payload: { enabled: true },
          snapshot: { enabled: false },
          createdBy: exampleWho,
          createdAt: '2026-11-26T09:00:00.000Z',
        },
      ],
    },
  ],
  segments: [],
  approvals: [],
  rejections: [],
  comments: [
    { id: 2, text: 'Ready for Friday', createdBy: exampleWho, createdAt: '2026-11-26T09:05:00.000Z' },
  ],
};

const StrategyState = Type.Object({
  name: Type.String(),
  title: Type.Union([Type.String(), Type.Null()]),
  disabled: Type.Boolean(),
  parameters: Type.Record(Type.String(), Type.String()),
  constraints: Type.Array(Type.Unknown()),
  variants: Type.Array(Type.Unknown()),
  segments: Type.Array(Type.Integer()),
});
const FlagState = Type.Union(
  [
    Type.Object({
      archived: Type.Boolean(),
      enabled: Type.Boolean(),
      strategies: Type.Array(StrategyState, { description: 'In order, without ids.' }),
      variants: Type.Array(Type.Unknown()),
      dependencies: Type.Array(
        Type.Object({ feature: Type.String(), enabled: Type.Boolean(), variants: Type.Array(Type.String()) }),
      ),
      releasePlan: Type.Optional(
        Type.Object(
          {
            name: Type.String(),
            activeMilestone: nullable(Type.String()),
            paused: Type.Boolean(),
            progressions: Type.Array(
              Type.Object({ from: Type.String(), to: Type.String(), intervalMinutes: Type.Integer() }),
            ),
            safeguards: Type.Optional(
              Type.Array(
                Type.Object({
                  metric: Type.String({ description: 'In words: "count of checkout_errors".' }),
                  windowMinutes: Type.Integer(),
                  // A plain string, not an enum: only constraint operators are published as `operator` enums.
                  operator: Type.String({ description: '`>` or `<`.' }),
                  threshold: Type.Number(),
                  action: Type.String(),
                }),
                { description: 'Only when the plan has safeguards, oldest first.' },
              ),
            ),
          },
          {
            description:
              'The release plan of the flag environment, when it has one: the milestone on, whether it is paused, which milestone starts by itself after which (by name), and its safeguards.',
          },
        ),
      ),
    }),
    Type.Null(),
  ],
  { description: 'The flag in the environment; null when it does not exist.' },
);
const FlagResult = Type.Object(
  { environment: Type.String(), before: FlagState, after: FlagState },
  {
    description:
      'Switchyard: the flag before and after applying all the changes of the request in order, against the current state, computed in a transaction that is rolled back (what an approval approves). Open requests, one at a time.',
  },
);

export const ChangeResponse = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  payload: Type.Optional(Type.Unknown()),
  snapshot: Type.Optional(
    Type.Unknown({ description: 'What the change changes, as it was when it was drafted.' }),
  ),
  conflict: Type.Optional(Type.String()),
  createdBy: Who,
  createdAt: DateTime,
});
const Review = Type.Object({ createdBy: Who, createdAt: DateTime });
const Schedule = Type.Object({
  scheduledAt: DateTime,
  status: Type.String({ enum: ['pending', 'failed', 'suspended'] }),
  reason: Type.Optional(Type.String()),
  failureReason: Type.Optional(Type.String()),
});
const changeRequestFields = {
  id: Type.Integer(),
  title: Type.String(),
  environment: Type.String(),
  project: Type.String(),
  state: Type.String({ enum: [...STATES] }),
  minApprovals: Type.Integer(),
  createdBy: Who,
  createdAt: DateTime,
  features: Type.Array(
    Type.Object({
      name: Type.String(),
      conflict: Type.Optional(Type.String()),
      changes: Type.Array(ChangeResponse),
      defaultChange: Type.Optional(
        Type.Object(
          { action: Type.String(), payload: Type.Unknown() },
          {
            description:
              'A change the request makes by itself: the default strategy turning the flag on adds.',
          },
        ),
      ),
      result: Type.Optional(FlagResult),
    }),
  ),
  segments: Type.Array(Type.Object({ ...ChangeResponse.properties, name: Type.String() })),
  approvals: Type.Array(Review),
  rejections: Type.Array(Review),
  comments: Type.Array(
    Type.Object({ id: Type.Integer(), text: Type.String(), createdBy: Who, createdAt: DateTime }),
  ),
  schedule: Type.Optional(Schedule),
  resultProblem: Type.Optional(
    Type.String({ description: 'Switchyard: why the changes cannot apply to the current state.' }),
  ),
  approvalOutdated: Type.Optional(
    Type.String({
      description:
        'Switchyard: why the approvals given no longer approve what the request would produce now; applying sends it back to review.',
    }),
  ),
  approvers: Type.Optional(
    Type.Array(ReviewerResponse, {
      description:
        'Switchyard: the people who may approve this request (APPROVE_CHANGE_REQUEST in its project and environment), its author left out. Open requests, one at a time.',
    }),
  ),
  approversProblem: Type.Optional(
    Type.String({
      description:
        'Switchyard: present when nobody but its author may approve the request; says who can grant the permission and where.',
    }),
  ),
};
export const ChangeRequestResponse = Type.Object(
  {
    ...changeRequestFields,
    stateTimestamps: Type.Record(Type.String(), DateTime, {
      description: 'When the request reached each state.',
    }),
  },
  {
    $id: 'changeRequestSchema',
    examples: [
      {
        ...exampleChangeRequest,
        stateTimestamps: { Draft: '2026-11-26T09:00:00.000Z', 'In review': '2026-11-26T09:06:00.000Z' },
      },
    ],
  },
);
export const ChangeRequestListResponse = Type.Array(Type.Object(changeRequestFields), {
  examples: [[exampleChangeRequest]],
});

export const ChangeRequestParams = Type.Object({
  projectId: Type.String(),
  id: Type.Integer({ minimum: 1 }),
});
export const ChangeParams = Type.Object({
  projectId: Type.String(),
  changeRequestId: Type.Integer({ minimum: 1 }),
  changeId: Type.Integer({ minimum: 1 }),
});
export const ProjectEnvironmentParams = Type.Object({ projectId: Type.String(), environment: Type.String() });
export const ProjectParams = Type.Object({ projectId: Type.String() });
export const FlagParams = Type.Object({ projectId: Type.String(), featureName: Type.String() });

export const CountResponse = Type.Object(
  {
    total: Type.Integer(),
    applied: Type.Integer(),
    rejected: Type.Integer(),
    reviewRequired: Type.Integer(),
    approved: Type.Integer(),
    scheduled: Type.Integer(),
  },
  { examples: [{ total: 12, applied: 8, rejected: 1, reviewRequired: 2, approved: 0, scheduled: 1 }] },
);
export const ScheduledQuery = Type.Object({
  feature: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 100 })])),
  strategyId: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 100 })])),
  variantForFlag: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 100 })])),
});
export const ScheduledResponse = Type.Array(
  Type.Object({ id: Type.Integer(), environment: Type.String(), title: Type.Optional(Type.String()) }),
  { examples: [[{ id: 4, environment: 'production', title: 'Launch new checkout' }]] },
);
export const ActionableResponse = Type.Object(
  { total: Type.Integer({ minimum: 0 }) },
  { examples: [{ total: 2 }] },
);
export const ReviewersResponse = Type.Object(
  {
    reviewers: Type.Array(ReviewerResponse),
  },
  {
    examples: [
      {
        reviewers: [{ id: 7, email: 'grace@example.com', username: 'grace', name: 'Grace', imageUrl: null }],
      },
    ],
  },
);

export const SearchQuery = Type.Object({
  createdBy: Type.Optional(Type.String({ pattern: '^IS:\\d+$', description: '`IS:<userId>`' })),
  requestedApproverId: Type.Optional(Type.String({ pattern: '^IS:\\d+$', description: '`IS:<userId>`' })),
  state: Type.Optional(
    Type.String({
      enum: ['IS:open', 'IS:closed', ...STATES.map((state) => `IS:${state}`)],
      description:
        '`IS:open` (Draft, In review, Approved, Scheduled), `IS:closed`, or one state: `IS:Approved`',
    }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
});
const exampleReviewer = {
  id: 3,
  email: 'olga@example.com',
  username: 'olga',
  name: 'Olga Owner',
  imageUrl: null,
};
export const ProjectApproversResponse = Type.Object(
  {
    environments: Type.Array(
      Type.Object({
        environment: Type.String(),
        changeRequestsEnabled: Type.Boolean({ description: 'Whether changes there wait for review.' }),
        approvers: Type.Array(ReviewerResponse, {
          description: 'Active users who may approve change requests there (APPROVE_CHANGE_REQUEST).',
        }),
      }),
    ),
    grantors: Type.Array(ReviewerResponse, {
      description:
        "Active users who may change the project's access (PROJECT_USER_ACCESS_WRITE), and so give someone a role that approves.",
    }),
  },
  {
    examples: [
      {
        environments: [
          { environment: 'development', changeRequestsEnabled: false, approvers: [exampleReviewer] },
          { environment: 'production', changeRequestsEnabled: true, approvers: [exampleReviewer] },
        ],
        grantors: [exampleReviewer],
      },
    ],
  },
);
export const SearchResponse = Type.Object(
  {
    changeRequests: Type.Array(
      Type.Object({
        id: Type.Integer(),
        title: Type.String(),
        environment: Type.String(),
        project: Type.String(),
        createdBy: Who,
        createdAt: DateTime,
        features: Type.Array(Type.String()),
        segments: Type.Array(Type.String()),
        state: Type.String({ enum: [...STATES] }),
        schedule: Type.Optional(Schedule),
      }),
    ),
    total: Type.Integer(),
  },
  {
    examples: [
      {
        changeRequests: [
          {
            id: 4,
            title: 'Launch new checkout',
            environment: 'production',
            project: 'default',
            createdBy: exampleWho,
            createdAt: '2026-11-26T09:00:00.000Z',
            features: ['new-checkout'],
            segments: [],
            state: 'In review',
          },
        ],
        total: 1,
      },
    ],
  },
);
