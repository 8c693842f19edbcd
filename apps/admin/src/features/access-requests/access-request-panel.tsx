import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { ROLE_IDS } from '@switchyard/access';
import { useMemo, useState } from 'react';
import { ago } from '../../ui/format.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { grantableRoles } from '../project-access/project-access.ts';
import { useProjectAccess } from '../project-access/use-project-access.ts';
import { type AccessRequest, useAccessRequestMutations, useAccessRequests } from './use-access-requests.ts';

const MEMBER = ROLE_IDS.Member;
const nameOf = (request: AccessRequest): string =>
  request.name ?? request.username ?? request.email ?? `user ${request.userId}`;

/**
 * The open requests for access to a project, on its Access tab, for those who may change who has access
 * (PROJECT_USER_ACCESS_WRITE): each is approved with a project role, Member unless chosen, or rejected.
 */
export function AccessRequestPanel({ projectId }: { projectId: string }) {
  const requests = useAccessRequests(projectId);
  const access = useProjectAccess(projectId);
  const roles = useMemo(() => grantableRoles(access.data?.roles ?? []), [access.data]);
  const { approve, reject } = useAccessRequestMutations(projectId);
  // The role chosen per request; Member until someone picks another.
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const busy = approve.isPending || reject.isPending;

  const onApprove = (request: AccessRequest) => {
    const role = chosen[request.id] ?? MEMBER;
    approve.mutate(
      { id: request.id, role },
      {
        onSuccess: () => notifySuccess(`${nameOf(request)} now has access to ${projectId}`),
        onError: (error) => notifyError(error, `approve the request of ${nameOf(request)}`),
      },
    );
  };
  const onReject = (request: AccessRequest) =>
    reject.mutate(request.id, {
      onSuccess: () => notifySuccess(`Rejected the request of ${nameOf(request)}`),
      onError: (error) => notifyError(error, `reject the request of ${nameOf(request)}`),
    });

  return (
    <Stack gap="xs">
      <Title order={4}>Access requests</Title>
      <QueryState
        query={requests}
        label="access requests"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>Nobody is asking for access to this project.</EmptyState>}
      >
        {(list) => (
          <Table aria-label="Access requests">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Who</Table.Th>
                <Table.Th>Asked</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td>
                    <Text fw={500}>{nameOf(request)}</Text>
                    {request.email && request.email !== nameOf(request) && (
                      <Text size="xs" c="dimmed">
                        {request.email}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" title={new Date(request.requestedAt).toLocaleString()}>
                      {ago(request.requestedAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      w={140}
                      aria-label={`Role for ${nameOf(request)}`}
                      data={roles.map((role) => ({ value: String(role.id), label: role.name }))}
                      value={String(chosen[request.id] ?? MEMBER)}
                      allowDeselect={false}
                      onChange={(value) =>
                        value && setChosen((current) => ({ ...current, [request.id]: Number(value) }))
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        aria-label={`Approve ${nameOf(request)}`}
                        disabled={busy}
                        onClick={() => onApprove(request)}
                      >
                        Approve
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`Reject ${nameOf(request)}`}
                        disabled={busy}
                        onClick={() => onReject(request)}
                      >
                        Reject
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Stack>
  );
}
