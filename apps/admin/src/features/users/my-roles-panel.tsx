import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useProjects } from '../projects/use-projects.ts';
import { useMyRoles } from './use-access.ts';

/** The roles you hold, on the instance or in one chosen project (directly or through a group). */
export function MyRolesPanel() {
  const projects = useProjects();
  const [projectId, setProjectId] = useState<string | null>(null);
  const roles = useMyRoles(projectId);
  return (
    <Stack gap="xs" mt="md">
      <Group gap="sm" align="flex-end">
        <Select
          label="Your roles in"
          placeholder="the whole instance"
          clearable
          data={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
          value={projectId}
          onChange={setProjectId}
          w={260}
        />
      </Group>
      <Group gap="xs" aria-live="polite">
        {roles.isPending && <Text size="sm">Loading your roles…</Text>}
        {roles.error && (
          <Text size="sm" c="red">
            {roles.error.message}
          </Text>
        )}
        {roles.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            No roles here.
          </Text>
        )}
        {roles.data?.map((role) => (
          <Badge key={`${role.type}-${role.id}`} variant="light" tt="none" title={role.description}>
            {role.name}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}
