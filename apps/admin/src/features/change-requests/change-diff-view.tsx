import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { describeChange } from './change-diff.ts';
import type { Change, ChangeRequest } from './change-request-types.ts';

/** Every change of a request, by flag and then segments, each with its before/after and any conflict. */
export function ChangeList({
  request,
  canRemove,
  onRemove,
  removing,
}: {
  request: ChangeRequest;
  canRemove: boolean;
  onRemove: (changeId: number) => void;
  removing: boolean;
}) {
  const flagPath = (name: string) =>
    `/projects/${encodeURIComponent(request.project)}/flags/${encodeURIComponent(name)}`;
  return (
    <Stack component="section" aria-labelledby="changes-heading">
      <Title order={2} size="h4" id="changes-heading">
        Changes
      </Title>
      {request.features.length === 0 && request.segments.length === 0 && (
        <Text size="sm" c="dimmed">
          This request holds no changes.
        </Text>
      )}
      {request.features.map((flag) => (
        <Paper key={flag.name} withBorder p="md" component="article" aria-label={`Changes to ${flag.name}`}>
          <Group gap="xs" mb="sm">
            <Text fw={700}>
              Flag <Link to={flagPath(flag.name)}>{flag.name}</Link>
            </Text>
          </Group>
          {flag.conflict && (
            <Alert color="red" title="Conflict" role="alert" mb="sm">
              {flag.conflict}
            </Alert>
          )}
          <Stack gap="sm">
            {flag.changes.map((change) => (
              <ChangeDiffView
                key={change.id}
                change={change}
                canRemove={canRemove}
                removing={removing}
                onRemove={() => onRemove(change.id)}
              />
            ))}
          </Stack>
        </Paper>
      ))}
      {request.segments.map((change) => (
        <Paper
          key={change.id}
          withBorder
          p="md"
          component="article"
          aria-label={`Changes to segment ${change.name}`}
        >
          <Text fw={700} mb="sm">
            Segment {change.name}
          </Text>
          <ChangeDiffView
            change={change}
            canRemove={canRemove}
            removing={removing}
            onRemove={() => onRemove(change.id)}
          />
        </Paper>
      ))}
    </Stack>
  );
}

function ChangeDiffView({
  change,
  canRemove,
  removing,
  onRemove,
}: {
  change: Change;
  canRemove: boolean;
  removing: boolean;
  onRemove: () => void;
}) {
  const diff = describeChange(change);
  return (
    <Stack gap={4} aria-label={diff.summary} role="group">
      <Group justify="space-between">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {diff.summary}
          </Text>
          {change.createdBy?.username && (
            <Text size="xs" c="dimmed">
              by {change.createdBy.username}
            </Text>
          )}
        </Group>
        {canRemove && (
          <Button size="compact-xs" variant="subtle" color="red" loading={removing} onClick={onRemove}>
            Remove change
          </Button>
        )}
      </Group>
      {change.conflict && (
        <Alert color="red" title="Conflict" role="alert">
          {change.conflict}
        </Alert>
      )}
      <Table withTableBorder aria-label={`${diff.summary}: before and after`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="25%">Field</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {diff.rows.map((row) => (
            <Table.Tr key={row.field}>
              <Table.Td>
                <Group gap={4}>
                  {row.field}
                  {row.changed && (
                    <Badge size="xs" color="indigo" variant="light">
                      {row.before === undefined ? 'added' : row.after === undefined ? 'removed' : 'changed'}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td
                style={row.changed && row.before ? { textDecoration: 'line-through' } : undefined}
                c={row.before ? undefined : 'dimmed'}
              >
                {row.before ?? '—'}
              </Table.Td>
              <Table.Td fw={row.changed ? 600 : undefined} c={row.after ? undefined : 'dimmed'}>
                {row.after ?? '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
