import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProjectChangeRequests } from './change-request-list.tsx';

/** /projects/:projectId/change-requests: the project's change requests on their own page. */
export function ChangeRequestsPage() {
  const projectId = useParams().projectId!;
  return (
    <>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to="/projects" size="sm">
          Projects
        </Anchor>
        <Anchor component={Link} to={`/projects/${encodeURIComponent(projectId)}`} size="sm">
          {projectId}
        </Anchor>
        <Text size="sm">Change requests</Text>
      </Breadcrumbs>
      <PageHeader title="Change requests" description={`Reviewed changes to the flags of ${projectId}.`} />
      <ProjectChangeRequests projectId={projectId} />
    </>
  );
}
