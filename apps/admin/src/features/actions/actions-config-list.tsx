import { Accordion, Badge, Group, Text } from '@mantine/core';
import { useActionsConfig } from './use-action-sets.ts';

/** A reference under the action sets: each action, what it does and what its service account must be allowed. */
export function ActionsConfigList({ projectId }: { projectId: string }) {
  const config = useActionsConfig(projectId);
  if (!config.data) return null;
  return (
    <Accordion variant="contained" mt="lg">
      <Accordion.Item value="actions">
        <Accordion.Control>Which actions exist and what they need</Accordion.Control>
        <Accordion.Panel>
          {Object.entries(config.data).map(([name, action]) => (
            <Group key={name} justify="space-between" py={4} wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  {action.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {action.description}
                </Text>
              </div>
              <Group gap={4}>
                {action.permissions.map((permission) => (
                  <Badge key={permission} size="xs" variant="light" tt="none">
                    {permission}
                  </Badge>
                ))}
              </Group>
            </Group>
          ))}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
