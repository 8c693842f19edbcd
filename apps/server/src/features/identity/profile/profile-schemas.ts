import { Type } from 'typebox';
import { PatResponse } from '../users/user-schemas.ts';

const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  type: Type.String({ description: '`root`, `root-custom`, `project` or `custom`.' }),
});

/** Unleash's profileSchema (rootRole, projects, features, subscriptions) and what Switchyard adds: roles per project, groups, PATs. */
export const ProfileResponse = Type.Object(
  {
    rootRole: Role,
    projects: Type.Array(Type.String(), { description: 'The projects where you hold a role.' }),
    features: Type.Array(Type.Object({ name: Type.String(), project: Type.String() }), {
      description: 'The flags you marked as favorites (not archived), by name.',
    }),
    subscriptions: Type.Array(Type.String(), {
      description: 'Email digests you subscribed to. Switchyard sends no digests, so the list is empty.',
    }),
    projectRoles: Type.Array(
      Type.Object({
        project: Type.String(),
        role: Role,
        group: Type.Union([Type.String(), Type.Null()], {
          description: 'The group you hold the role through; null when it is yours directly.',
        }),
      }),
    ),
    groups: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        rootRole: Type.Union([Type.Integer(), Type.Null()], { description: 'A root role the group grants.' }),
      }),
    ),
    permissions: Type.Array(
      Type.Object({
        permission: Type.String(),
        project: Type.Optional(Type.String()),
        environment: Type.Optional(Type.String()),
      }),
      { description: 'Everything you may do, as GET /api/admin/user lists it.' },
    ),
    pats: Type.Array(
      { ...PatResponse, $id: undefined },
      { description: 'Your personal access tokens, without secrets.' },
    ),
  },
  {
    examples: [
      {
        rootRole: { id: 2, name: 'Editor', description: 'Instance-wide definitions …', type: 'root' },
        projects: ['web'],
        features: [{ name: 'checkout', project: 'web' }],
        subscriptions: [],
        projectRoles: [
          { project: 'web', role: { id: 5, name: 'Member', description: '…', type: 'project' }, group: null },
        ],
        groups: [{ id: 1, name: 'Frontend', rootRole: null }],
        permissions: [{ permission: 'CREATE_PROJECT' }],
        pats: [],
      },
    ],
  },
);
