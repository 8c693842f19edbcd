import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import type { Flag } from '../../api/wire.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useFlagTypes } from '../flag-types/use-flag-types.ts';
import { FlagTags } from './flag-tags.tsx';
import { useFlagActions } from './use-flag-actions.ts';

/** Type, description, project, tags, who created it and when, and whether it is stale. */
export function FlagOverview({
  flag,
  projectName,
  canEdit,
}: {
  flag: Flag;
  projectName: string;
  canEdit: boolean;
}) {
  const actions = useFlagActions(flag.project, flag.name);
  const [editing, setEditing] = useState(false);
  const item = (label: string, value: React.ReactNode) => (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{value}</div>
    </Stack>
  );
  return (
    <Paper withBorder p="md" component="section" aria-label="Overview">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {flag.description || (
            <Text span c="dimmed">
              No description.
            </Text>
          )}
        </Text>
        {canEdit && (
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            Edit details
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} mt="md">
        {item('Type', <Badge variant="outline">{flag.type}</Badge>)}
        {item('Project', projectName)}
        {item(
          'Created',
          `${flag.createdAt ? new Date(flag.createdAt).toLocaleString() : '–'}${flag.createdBy?.name ? ` by ${flag.createdBy.name}` : ''}`,
        )}
        {item(
          'Status',
          <Switch
            label="Mark as stale"
            description={flag.stale ? 'Marked: the team can clean it up' : 'Still in use'}
            checked={Boolean(flag.stale)}
            disabled={!canEdit}
            onChange={(e) =>
              actions.setStale.mutate(e.currentTarget.checked, {
                onError: (error) => notifyError(error, 'change stale'),
              })
            }
          />,
        )}
      </SimpleGrid>
      <Stack gap={2} mt="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Tags
        </Text>
        <FlagTags projectId={flag.project} flagName={flag.name} tags={flag.tags ?? []} canEdit={canEdit} />
      </Stack>
      {editing && <EditFlagModal flag={flag} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

function EditFlagModal({ flag, onClose }: { flag: Flag; onClose: () => void }) {
  const [draft, setDraft] = useState({
    description: flag.description ?? '',
    type: flag.type,
    impressionData: Boolean(flag.impressionData),
  });
  const types = useFlagTypes();
  const { update } = useFlagActions(flag.project, flag.name);
  const errors = fieldErrors(update.error);
  return (
    <Modal opened onClose={onClose} title={`Edit ${flag.name}`}>
      <Stack>
        {errors.form && <Text c="red">{errors.form}</Text>}
        <Select
          label="Type"
          data={(types.data ?? [{ id: flag.type, name: flag.type }]).map((t) => ({
            value: t.id,
            label: t.name,
          }))}
          value={draft.type}
          allowDeselect={false}
          error={errorFor(errors, 'type')}
          onChange={(type) => setDraft((d) => ({ ...d, type: type ?? d.type }))}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={draft.description}
          error={errorFor(errors, 'description')}
          onChange={(e) => {
            const description = e.currentTarget.value;
            setDraft((d) => ({ ...d, description }));
          }}
        />
        <Checkbox
          label="Impression data"
          checked={draft.impressionData}
          onChange={(e) => {
            const impressionData = e.currentTarget.checked;
            setDraft((d) => ({ ...d, impressionData }));
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={update.isPending}
            onClick={() =>
              update.mutate(draft, {
                onSuccess: () => {
                  notifySuccess('Saved');
                  onClose();
                },
              })
            }
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
