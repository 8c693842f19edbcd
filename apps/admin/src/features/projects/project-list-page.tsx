import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Project } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { ProjectFormModal } from './project-form-modal.tsx';
import { useDeleteProject, useProjects } from './use-projects.ts';

export function ProjectListPage() {
  const projects = useProjects();
  const { can } = usePermissions();
  const canCreate = can('CREATE_PROJECT');
  // Any project the caller may change earns the actions column; each row then shows what applies to it.
  const canManage = can('UPDATE_PROJECT');
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const remove = useDeleteProject();

  return (
    <>
      <PageHeader
        title="Projects"
        description="Each project holds flags and decides which environments they run in."
        actions={canCreate && <Button onClick={() => setEditing('new')}>New project</Button>}
      />
      <QueryState
        query={projects}
        label="projects"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No projects yet.</EmptyState>}
      >
        {(list) => (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Id</Table.Th>
                <Table.Th>Flags</Table.Th>
                <Table.Th>Health</Table.Th>
                {canManage && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((project) => (
                <Table.Tr key={project.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/projects/${encodeURIComponent(project.id)}`}>
                      {project.name}
                    </Anchor>
                    {project.description && (
                      <Text size="xs" c="dimmed">
                        {project.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <code>{project.id}</code>
                  </Table.Td>
                  <Table.Td>{project.featureCount ?? '–'}</Table.Td>
                  <Table.Td>
                    {project.health === undefined ? (
                      '–'
                    ) : (
                      <Badge color={project.health >= 80 ? 'green' : project.health >= 50 ? 'yellow' : 'red'}>
                        {project.health}%
                      </Badge>
                    )}
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        {can('UPDATE_PROJECT', { project: project.id }) && (
                          <Button size="xs" variant="default" onClick={() => setEditing(project)}>
                            Edit
                          </Button>
                        )}
                        {can('DELETE_PROJECT', { project: project.id }) && (
                          <Button size="xs" variant="light" color="red" onClick={() => setDeleting(project)}>
                            Delete
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {editing && (
        <ProjectFormModal
          opened
          project={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete project ${deleting.name}?`}
          confirmLabel="Delete project"
          typeToConfirm={deleting.id}
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess(`Deleted project ${deleting.name}`);
                setDeleting(null);
              },
              onError: (error) => notifyError(error, 'delete the project'),
            })
          }
        >
          <Text size="sm">
            This deletes <b>{deleting.name}</b>
            {deleting.featureCount ? ` and its ${deleting.featureCount} flag(s)` : ''}, with their strategies,
            variants and tags, its environment settings, and API tokens scoped to it alone. It cannot be
            undone.
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
