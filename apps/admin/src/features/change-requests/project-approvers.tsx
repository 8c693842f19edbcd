import { Anchor, Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryState } from '../../ui/query-state.tsx';
import { userLabel } from '../groups/user-label.ts';
import { names, projectAccessPath } from './approver-names.ts';
import { useProjectApprovers } from './use-change-request-search.ts';

/**
 * A project's settings: who may approve change requests in each environment, and who may change that. An author
 * never approves their own request, so one approver alone cannot review their own changes.
 */
export function ProjectApprovers({ projectId }: { projectId: string }) {
  const approvers = useProjectApprovers(projectId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="who-may-approve">
      <Title order={2} size="h4" id="who-may-approve" mb="xs">
        Who may approve
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Admins, the project’s Owners, and anyone given a role with “Approve change requests” in an
        environment. Nobody approves their own request.
      </Text>
      <QueryState query={approvers} label="who may approve">
        {(data) => (
          <>
            <Table aria-label="Who may approve">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Environment</Table.Th>
                  <Table.Th>Change requests</Table.Th>
                  <Table.Th>May approve</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.environments.map((env) => (
                  <Table.Tr key={env.environment}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {env.environment}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={env.changeRequestsEnabled ? 'indigo' : 'gray'}>
                        {env.changeRequestsEnabled ? 'On' : 'Off'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {env.approvers.length === 0 ? (
                        <Text size="sm" c="red">
                          Nobody
                        </Text>
                      ) : (
                        <Group gap={4}>
                          {env.approvers.map((person) => (
                            <Badge key={person.id} variant="outline" tt="none">
                              {userLabel(person)}
                            </Badge>
                          ))}
                        </Group>
                      )}
                      {env.changeRequestsEnabled && env.approvers.length === 1 && (
                        <Text size="xs" c="dimmed" mt={4}>
                          {userLabel(env.approvers[0]!)}’s own requests here have nobody to approve them.
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="sm" mt="sm">
              {data.grantors.length > 0
                ? `${names(data.grantors)} can give someone a role that approves, `
                : 'An Admin can give someone a role that approves, '}
              in the{' '}
              <Anchor component={Link} to={projectAccessPath(projectId)}>
                project’s access settings
              </Anchor>
              .
            </Text>
          </>
        )}
      </QueryState>
    </Paper>
  );
}
