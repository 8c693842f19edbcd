import { Type } from 'typebox';

const NullableDate = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
export const Mode = Type.Union([Type.Literal('open'), Type.Literal('protected'), Type.Literal('private')], {
  description:
    "Unleash's collaboration mode. `private`: only the project's members and Admins see it, in lists and by id; `open` and `protected`: every signed-in user sees it. In `protected` and `private` projects only members (a role held in the project, directly or through a group) and Admins submit or change change requests; others may still cancel those they opened.",
});

export const ProjectOwners = Type.Array(
  Type.Union([
    Type.Object({
      ownerType: Type.Literal('user'),
      name: Type.String(),
      email: Type.Optional(Type.String()),
    }),
    Type.Object({ ownerType: Type.Literal('group'), name: Type.String() }),
    Type.Object({ ownerType: Type.Literal('system') }),
  ]),
  {
    description:
      'Who holds the Owner role in the project: users (directly), then groups; only the "system" owner when nobody does.',
    examples: [[{ ownerType: 'user', name: 'Olga Owner', email: 'olga@example.com' }]],
  },
);

const exampleProject = {
  id: 'checkout',
  name: 'Checkout',
  description: 'Flags of the checkout team',
  health: 90,
  technicalDebt: 10,
  featureCount: 10,
  staleFeatureCount: 1,
  potentiallyStaleFeatureCount: 0,
  memberCount: 4,
  createdAt: '2026-01-15T10:00:00.000Z',
  updatedAt: '2026-01-20T10:00:00.000Z',
  lastUpdatedAt: '2026-02-01T09:30:00.000Z',
  archivedAt: null,
  favorite: false,
  mode: 'open',
  defaultStickiness: 'default',
  featureLimit: null,
  owners: [{ ownerType: 'user', name: 'Olga Owner', email: 'olga@example.com' }],
};

export const ProjectResponse = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    health: Type.Integer({
      description: 'Percentage of flags (not archived) that are neither stale nor potentially stale.',
    }),
    technicalDebt: Type.Integer({ description: '100 minus health.' }),
    featureCount: Type.Integer({ description: 'Flags that are not archived.' }),
    staleFeatureCount: Type.Integer(),
    potentiallyStaleFeatureCount: Type.Integer({
      description: "Flags not marked stale that have outlived their type's expected lifetime.",
    }),
    memberCount: Type.Integer({
      description:
        'The users (not deleted) holding any role in the project, directly or through a group, each counted once.',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: NullableDate,
    lastUpdatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Time of the latest change recorded for the project.',
    }),
    archivedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the project was archived; null while it is active.',
    }),
    favorite: Type.Boolean({
      description: '`true` when the signed-in user marked the project as a favorite.',
    }),
    mode: Mode,
    defaultStickiness: Type.String(),
    featureLimit: Type.Union([Type.Integer(), Type.Null()]),
    owners: ProjectOwners,
  },
  { $id: 'projectSchema', examples: [exampleProject] },
);

export const ProjectListResponse = Type.Object(
  { version: Type.Integer(), projects: Type.Array(Type.Ref('projectSchema')) },
  { examples: [{ version: 1, projects: [exampleProject] }] },
);

export const ProjectParams = Type.Object({ projectId: Type.String({ description: 'The project id.' }) });

const NAME = Type.String({ minLength: 1, maxLength: 100 });
const DESCRIPTION = Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]);
const STICKINESS = Type.String({
  minLength: 1,
  description: 'default, userId, sessionId, random or a context field used for stickiness.',
});

export const CreateProjectBody = Type.Object(
  {
    id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'URL-friendly: letters, digits and `-_.~`. Made from the name when left out.',
      }),
    ),
    name: NAME,
    description: Type.Optional(DESCRIPTION),
    mode: Type.Optional(Mode),
    defaultStickiness: Type.Optional(STICKINESS),
    environments: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        description: 'Environments to add to the project; by default every enabled environment.',
      }),
    ),
    changeRequestEnvironments: Type.Optional(
      Type.Array(Type.Object({ name: Type.String(), requiredApprovals: Type.Optional(Type.Integer()) }), {
        maxItems: 100,
        description:
          'Environments of the project where change requests are on from the start, each with its required approvals (1 to 10; 1 when left out).',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        id: 'checkout',
        name: 'Checkout',
        description: 'Flags of the checkout team',
        mode: 'open',
        defaultStickiness: 'userId',
        environments: ['development', 'production'],
      },
    ],
  },
);

export const ProjectCreatedResponse = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    featureLimit: Type.Union([Type.Integer(), Type.Null()]),
    mode: Mode,
    defaultStickiness: Type.String(),
    environments: Type.Array(Type.String()),
  },
  {
    examples: [
      {
        id: 'checkout',
        name: 'Checkout',
        description: null,
        featureLimit: null,
        mode: 'open',
        defaultStickiness: 'default',
        environments: ['development', 'production'],
      },
    ],
  },
);

export const UpdateProjectBody = Type.Object(
  {
    name: NAME,
    description: Type.Optional(DESCRIPTION),
    mode: Type.Optional(Mode),
    defaultStickiness: Type.Optional(STICKINESS),
  },
  {
    additionalProperties: false,
    examples: [{ name: 'Checkout', description: 'Flags of the payments team', defaultStickiness: 'userId' }],
  },
);

const exampleFlag = {
  name: 'new-checkout',
  type: 'release',
  description: null,
  project: 'checkout',
  stale: false,
  impressionData: false,
  createdAt: '2026-01-15T10:00:00.000Z',
  lastSeenAt: null,
  environments: [{ name: 'production', enabled: true, type: 'production', sortOrder: 200 }],
};

export const ProjectFlagSummary = Type.Object({
  name: Type.String(),
  type: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  project: Type.String(),
  stale: Type.Boolean(),
  impressionData: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  lastSeenAt: NullableDate,
  environments: Type.Array(
    Type.Object({
      name: Type.String(),
      enabled: Type.Boolean(),
      type: Type.String(),
      sortOrder: Type.Integer(),
    }),
  ),
});

export const ProjectEnvironmentLinkSchema = Type.Object({
  environment: Type.String(),
  defaultStrategy: Type.Optional(Type.Object({}, { additionalProperties: true })),
});

export const ProjectListQuery = Type.Object({
  archived: Type.Optional(
    Type.Boolean({ description: 'true lists the archived projects instead of the others.' }),
  ),
});

export const FeatureNaming = Type.Object(
  {
    pattern: Type.String(),
    example: Type.Union([Type.String(), Type.Null()]),
    description: Type.Union([Type.String(), Type.Null()]),
  },
  {
    description:
      'The rule new flags’ names must keep: they match the whole pattern. Absent when there is none.',
  },
);

export const LinkTemplates = Type.Array(
  Type.Object({ title: Type.Union([Type.String(), Type.Null()]), urlTemplate: Type.String() }),
  { description: 'Links every flag created in the project gets, `{{project}}` and `{{feature}}` filled in.' },
);

export const ProjectDetailsResponse = Type.Object(
  {
    version: Type.Integer(),
    id: Type.String(),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    mode: Mode,
    defaultStickiness: Type.String(),
    featureLimit: Type.Union([Type.Integer(), Type.Null()]),
    featureNaming: Type.Optional(FeatureNaming),
    linkTemplates: LinkTemplates,
    archivedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    members: Type.Integer(),
    health: Type.Integer(),
    technicalDebt: Type.Integer(),
    favorite: Type.Boolean(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: NullableDate,
    environments: Type.Array(ProjectEnvironmentLinkSchema),
    features: Type.Array(ProjectFlagSummary, { description: 'The flags that are not archived.' }),
  },
  {
    examples: [
      {
        version: 1,
        id: 'checkout',
        name: 'Checkout',
        description: null,
        mode: 'open',
        defaultStickiness: 'default',
        featureLimit: null,
        archivedAt: null,
        members: 4,
        health: 100,
        technicalDebt: 0,
        favorite: false,
        createdAt: '2026-01-15T10:00:00.000Z',
        updatedAt: '2026-01-15T10:00:00.000Z',
        environments: [{ environment: 'development' }, { environment: 'production' }],
        features: [exampleFlag],
      },
    ],
  },
);
