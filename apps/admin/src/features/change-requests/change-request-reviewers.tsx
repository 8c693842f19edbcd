import { Badge, Button, Group, MultiSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { userLabel } from '../groups/user-label.ts';
import { useReviewers } from './use-change-request-overview.ts';

/**
 * The people asked to review a request, and a way to ask more of those allowed to approve in its environment: never
 * its author, who may not approve their own request.
 */
export function ChangeRequestReviewers({
  request,
  canEdit,
}: {
  request: { id: number; project: string; environment: string; createdBy: { id?: number | null } };
  canEdit: boolean;
}) {
  const {
    requested,
    available,
    request: ask,
  } = useReviewers(request.project, request.id, request.environment);
  const [chosen, setChosen] = useState<string[]>([]);
  const asked = requested.data ?? [];
  const candidates = (available.data ?? []).filter(
    (person) => person.id !== request.createdBy.id && !asked.some((a) => a.id === person.id),
  );
  return (
    <Paper withBorder p="md" component="section" aria-label="Reviewers">
      <Title order={2} size="h5" mb="xs">
        Reviewers
      </Title>
      <Stack gap="xs">
        <Group gap={4}>
          {asked.length === 0 && (
            <Text size="sm" c="dimmed">
              Nobody in particular has been asked.
            </Text>
          )}
          {asked.map((person) => (
            <Badge key={person.id} variant="light" tt="none">
              {userLabel(person)}
            </Badge>
          ))}
        </Group>
        {canEdit && candidates.length > 0 && (
          <>
            <MultiSelect
              label="Ask for a review"
              placeholder="People who may approve here"
              data={candidates.map((person) => ({ value: String(person.id), label: userLabel(person) }))}
              value={chosen}
              onChange={setChosen}
              searchable
              comboboxProps={{ withinPortal: false }}
            />
            <Button
              size="xs"
              w="fit-content"
              disabled={chosen.length === 0}
              loading={ask.isPending}
              onClick={() =>
                ask.mutate([...asked.map((person) => person.id), ...chosen.map(Number)], {
                  onSuccess: () => {
                    notifySuccess('Asked for reviews');
                    setChosen([]);
                  },
                  onError: (error) => notifyError(error, 'ask for reviews'),
                })
              }
            >
              Ask
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
