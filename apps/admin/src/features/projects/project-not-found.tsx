import { NotFound } from '../../ui/not-found.tsx';

/** An address naming a project that does not exist (or that the user may not see). */
export function ProjectNotFound({ projectId }: { projectId: string }) {
  return (
    <NotFound title="Project not found" back={{ to: '/projects', label: 'Go to projects' }}>
      There is no project with id “{projectId}”. It may have been deleted, or the address is mistyped.
    </NotFound>
  );
}
