import { Stack } from '@mantine/core';
import { QueryState } from '../../ui/query-state.tsx';
import { ProjectApprovers } from '../change-requests/project-approvers.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { ProjectApiTokens } from './project-api-tokens.tsx';
import { ProjectContextFields } from './project-context-fields.tsx';
import { ProjectDefaultStrategies } from './project-default-strategies.tsx';
import { ProjectDetailsForm } from './project-details-form.tsx';
import { ProjectSegments } from './project-segments.tsx';
import { useProjectOverview } from './use-projects.ts';

/** The project page's Settings tab: details, default strategies, who may approve change requests, the project's segments, context fields and API tokens. */
export function ProjectSettingsPanel({ projectId }: { projectId: string }) {
  const overview = useProjectOverview(projectId);
  const { can } = usePermissions();
  const where = { project: projectId };
  return (
    <QueryState query={overview} label="the project's settings">
      {(data) => {
        const environments = (data.environments ?? []).map((e) =>
          typeof e === 'string' ? { environment: e } : e,
        );
        return (
          <Stack>
            <ProjectDetailsForm
              projectId={projectId}
              overview={data}
              canEdit={can('PROJECT_SETTINGS_WRITE', where)}
            />
            <ProjectDefaultStrategies
              projectId={projectId}
              environments={environments}
              canEdit={can('PROJECT_DEFAULT_STRATEGY_WRITE', where)}
            />
            <ProjectApprovers projectId={projectId} />
            <ProjectSegments
              projectId={projectId}
              canEdit={can('UPDATE_PROJECT_SEGMENT', where) || can('UPDATE_SEGMENT')}
            />
            <ProjectContextFields projectId={projectId} canEdit={can('UPDATE_PROJECT_CONTEXT', where)} />
            {can('READ_PROJECT_API_TOKEN', where) && (
              <ProjectApiTokens
                projectId={projectId}
                environments={environments.map((e) => e.environment)}
                can={{
                  create: can('CREATE_PROJECT_API_TOKEN', where),
                  remove: can('DELETE_PROJECT_API_TOKEN', where),
                }}
              />
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
