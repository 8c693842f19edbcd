import { useParams } from 'react-router';
import { Crumbs } from '../../ui/crumbs.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProjectChangeRequests } from './change-request-list.tsx';
import { ChangeRequestOverview } from './change-request-overview.tsx';

/** /projects/:projectId/change-requests: the project's change requests on their own page. */
export function ChangeRequestsPage() {
  const projectId = useParams().projectId!;
  return (
    <>
      <Crumbs
        items={[
          { label: 'Projects', to: '/projects' },
          { label: projectId, to: `/projects/${encodeURIComponent(projectId)}` },
          { label: 'Change requests' },
        ]}
      />
      <PageHeader title="Change requests" description={`Reviewed changes to the flags of ${projectId}.`} />
      <ChangeRequestOverview projectId={projectId} />
      <ProjectChangeRequests projectId={projectId} />
    </>
  );
}
