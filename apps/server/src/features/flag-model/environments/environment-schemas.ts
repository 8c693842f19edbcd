import { Type } from 'typebox';

const exampleEnvironment = {
  name: 'production',
  type: 'production',
  enabled: true,
  protected: false,
  sortOrder: 200,
  requiredApprovals: null,
  projectCount: 1,
  apiTokenCount: 2,
  enabledToggleCount: 12,
};

/** The environment's default for change requests' approvals (Unleash: `requiredApprovals`). */
const RequiredApprovals = (unset: string) =>
  Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 10 }), Type.Null()], {
      description: `Approvals (1 to 10) a change request needs here when a project turns change requests on in this environment without saying how many. ${unset}`,
    }),
  );

const NAME_RULE = 'URL-friendly: letters, digits and `-_.~`, at most 100 characters.';

export const EnvironmentResponse = Type.Object(
  {
    name: Type.String(),
    type: Type.String({ description: 'development, test, preproduction, production or your own type.' }),
    enabled: Type.Boolean({ description: '`false` hides the environment; its configuration is kept.' }),
    protected: Type.Boolean({ description: 'A protected environment cannot be changed or removed.' }),
    sortOrder: Type.Integer({ description: 'Lower values are listed first.' }),
    requiredApprovals: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'Approvals a change request needs in this environment when a project turns change requests on here without saying how many; `null`: 1.',
    }),
    projectCount: Type.Integer({ description: 'Projects that use this environment.' }),
    apiTokenCount: Type.Integer({ description: 'API tokens scoped to this environment.' }),
    enabledToggleCount: Type.Integer({ description: 'Flags (not archived) enabled in this environment.' }),
  },
  { $id: 'environmentSchema', examples: [exampleEnvironment] },
);

export const EnvironmentListResponse = Type.Object(
  {
    version: Type.Integer(),
    environments: Type.Array(Type.Ref('environmentSchema')),
  },
  { examples: [{ version: 1, environments: [exampleEnvironment] }] },
);

const exampleProjectEnvironment = {
  name: 'production',
  type: 'production',
  enabled: true,
  protected: false,
  sortOrder: 200,
  visible: true,
  projectApiTokenCount: 1,
  projectEnabledToggleCount: 4,
  defaultStrategy: {
    name: 'flexibleRollout',
    constraints: [],
    parameters: { rollout: '100', stickiness: 'default', groupId: '' },
  },
};

export const ProjectEnvironmentListResponse = Type.Object(
  {
    version: Type.Integer(),
    environments: Type.Array(
      Type.Object({
        name: Type.String(),
        type: Type.String(),
        enabled: Type.Boolean(),
        protected: Type.Boolean(),
        sortOrder: Type.Integer(),
        visible: Type.Boolean({ description: '`true` when the environment is added to the project.' }),
        projectApiTokenCount: Type.Integer({
          description: 'Client and frontend tokens of this environment that can read the project.',
        }),
        projectEnabledToggleCount: Type.Integer({
          description: "The project's flags enabled in this environment.",
        }),
        defaultStrategy: Type.Optional(
          Type.Object(
            {},
            {
              additionalProperties: true,
              description: 'The strategy added when a flag is enabled here without one.',
            },
          ),
        ),
      }),
    ),
  },
  { examples: [{ version: 1, environments: [exampleProjectEnvironment] }] },
);

export const NameParams = Type.Object({ name: Type.String({ description: 'The environment name.' }) });
export const ProjectParams = Type.Object({ projectId: Type.String({ description: 'The project id.' }) });

export const CreateEnvironmentBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: NAME_RULE }),
    type: Type.String({ minLength: 1, maxLength: 100 }),
    sortOrder: Type.Optional(Type.Integer({ description: 'Defaults to after every other environment.' })),
    requiredApprovals: RequiredApprovals('Left out or `null`: 1.'),
  },
  {
    additionalProperties: false,
    examples: [{ name: 'staging', type: 'preproduction', sortOrder: 150, requiredApprovals: 2 }],
  },
);

export const UpdateEnvironmentBody = Type.Object(
  {
    type: Type.String({ minLength: 1, maxLength: 100 }),
    sortOrder: Type.Optional(Type.Integer({ description: 'Unchanged when left out.' })),
    requiredApprovals: RequiredApprovals('Unchanged when left out; `null` clears it.'),
  },
  { additionalProperties: false, examples: [{ type: 'production', sortOrder: 300, requiredApprovals: 2 }] },
);

export const CloneEnvironmentBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: `The new environment. ${NAME_RULE}` }),
    type: Type.String({ minLength: 1, maxLength: 100 }),
    requiredApprovals: RequiredApprovals("Left out: the source environment's."),
    projects: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        description: 'Projects to clone in; by default every project that uses the source environment.',
      }),
    ),
    clonePermissions: Type.Optional(
      Type.Boolean({
        description:
          'Whether every role that grants a permission in the source environment grants it in the new one too (default true).',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ name: 'staging', type: 'preproduction', projects: ['default'] }],
  },
);

export const SortOrderBody = Type.Record(Type.String(), Type.Integer(), {
  description: 'Environment names mapped to their new sort order.',
  examples: [{ development: 1, staging: 2, production: 3 }],
});

export const RemovedEnvironmentResponse = Type.Object(
  {
    name: Type.String({ description: 'The environment that was removed.' }),
    removed: Type.Object({
      projects: Type.Integer({ description: 'Projects that no longer have the environment.' }),
      flagConfigurations: Type.Integer({ description: 'Per-flag configurations deleted.' }),
      enabledFlags: Type.Integer({ description: 'How many of those flags were enabled.' }),
      strategies: Type.Integer({ description: 'Strategies deleted.' }),
      apiTokens: Type.Integer({ description: 'API tokens scoped to the environment, deleted.' }),
    }),
  },
  {
    examples: [
      {
        name: 'staging',
        removed: { projects: 2, flagConfigurations: 40, enabledFlags: 12, strategies: 15, apiTokens: 1 },
      },
    ],
  },
);
