import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  useChangeRequestCounts,
  useMyOpenChangeRequests,
  usePendingForFlag,
  useScheduledChangeRequests,
} from './use-change-request-overview.ts';

const linkTo = (projectId: string, id: number) =>
  `/projects/${encodeURIComponent(projectId)}/change-requests/${id}`;

/** Above a project's change requests: counts by state, yours still open, the scheduled ones, and a flag lookup. */
export function ChangeRequestOverview({ projectId }: { projectId: string }) {
  const counts = useChangeRequestCounts(projectId);
  const mine = useMyOpenChangeRequests(projectId);
  const scheduled = useScheduledChangeRequests(projectId);
  const [typed, setTyped] = useState('');
  const [flag] = useDebouncedValue(typed.trim(), 300);
  const pending = usePendingForFlag(projectId, flag);
  const c = counts.data;
  return (
    <Stack gap="sm" mb="md">
      {c && (
        // Dots carry the colour and the words stay in the text colour: light yellow and green badges fall short
        // of AA contrast.
        <Group gap="xs" aria-label="Change requests by state">
          <Badge variant="dot">{c.total} in all</Badge>
          <Badge variant="dot" color="yellow">
            {c.reviewRequired} to review
          </Badge>
          <Badge variant="dot" color="green">
            {c.approved} approved
          </Badge>
          <Badge variant="dot" color="grape">
            {c.scheduled} scheduled
          </Badge>
          <Badge variant="dot" color="gray">
            {c.applied} applied
          </Badge>
          <Badge variant="dot" color="red">
            {c.rejected} rejected
          </Badge>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Paper withBorder p="sm">
          <Title order={2} size="h6" mb={4}>
            Yours, still open
          </Title>
          <Requests projectId={projectId} list={mine.data} none="None." />
        </Paper>
        <Paper withBorder p="sm">
          <Title order={2} size="h6" mb={4}>
            Scheduled
          </Title>
          <Requests projectId={projectId} list={scheduled.data} none="Nothing is scheduled." />
        </Paper>
        <Paper withBorder p="sm">
          <TextInput
            label="Pending for a flag"
            placeholder="Flag name"
            size="xs"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          {flag && (
            <Requests projectId={projectId} list={pending.data} none={`Nothing pending for ${flag}.`} />
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

function Requests({
  projectId,
  list,
  none,
}: {
  projectId: string;
  list: { id: number; environment: string; title?: string }[] | undefined;
  none: string;
}) {
  if (!list) return null;
  if (list.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {none}
      </Text>
    );
  return (
    <List size="sm">
      {list.map((request) => (
        <List.Item key={request.id}>
          <Anchor component={Link} to={linkTo(projectId, request.id)} size="sm">
            #{request.id} {request.title ?? ''}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            {request.environment}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
