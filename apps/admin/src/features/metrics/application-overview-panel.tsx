import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { when } from '../../ui/format.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { useApplicationInstances, useApplicationOverview } from './use-application-overview.ts';

/** An application per environment: how many instances, which SDKs, and what looks wrong (unknown flags, old SDKs). */
export function ApplicationOverviewPanel({ appName }: { appName: string }) {
  const overview = useApplicationOverview(appName);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <QueryState query={overview} label="the application overview">
      {(data) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Uses {data.featureCount} flags from {data.projects.join(', ') || 'no project'}.
          </Text>
          {data.issues.missingStrategies.length > 0 && (
            <Alert color="yellow" title="Strategies it asks for that this server does not define">
              {data.issues.missingStrategies.join(', ')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {data.environments.map((env) => (
              <Card key={env.name} withBorder>
                <Group justify="space-between">
                  <Text fw={600}>{env.name}</Text>
                  <Badge variant="light">{env.instanceCount} instances</Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  Last seen {when(env.lastSeen)}
                </Text>
                <Text size="sm" mt="xs">
                  {env.sdks.join(', ') || 'No SDK reported'}
                </Text>
                {env.issues.outdatedSdks.length > 0 && (
                  <Text size="sm" fw={500}>
                    Outdated: {env.issues.outdatedSdks.join(', ')}
                  </Text>
                )}
                {env.issues.missingFeatures.length > 0 && (
                  <List size="sm">
                    {env.issues.missingFeatures.map((flag) => (
                      <List.Item key={flag}>asks for unknown flag {flag}</List.Item>
                    ))}
                  </List>
                )}
                <Button
                  size="xs"
                  variant="subtle"
                  mt="xs"
                  onClick={() => setOpen(open === env.name ? null : env.name)}
                >
                  {open === env.name ? 'Hide instances' : 'Show instances'}
                </Button>
                {open === env.name && <EnvironmentInstances appName={appName} environment={env.name} />}
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </QueryState>
  );
}

function EnvironmentInstances({ appName, environment }: { appName: string; environment: string }) {
  const instances = useApplicationInstances(appName, environment);
  return (
    <QueryState query={instances} label="instances">
      {(list) => (
        <Table fz="xs">
          <Table.Tbody>
            {list.map((instance) => (
              <Table.Tr key={instance.instanceId}>
                <Table.Td>{instance.instanceId}</Table.Td>
                <Table.Td>{instance.sdkVersion ?? 'unknown SDK'}</Table.Td>
                <Table.Td>{when(instance.lastSeen)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}
