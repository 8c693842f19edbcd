import { Button, Group, Menu, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { ExportFlagsModal } from '../flag-transfer/export-flags-modal.tsx';
import { parseTag, tagLabel, useTags } from '../tags/use-tags.ts';
import { useBulkAction, type BulkAction } from './use-bulk-actions.ts';
import { ArchiveDependencyWarning } from '../flag-dependencies/archive-dependency-warning.tsx';

/** Appears when flags are selected: switch them per environment, mark stale, archive or tag them together. */
export function BulkActionsBar({
  projectId,
  selected,
  environments,
  onDone,
}: {
  projectId: string;
  selected: string[];
  environments: string[];
  onDone: () => void;
}) {
  const bulk = useBulkAction(projectId);
  const [archiving, setArchiving] = useState(false);
  const [tagging, setTagging] = useState(false);
  const [exporting, setExporting] = useState(false);
  if (selected.length === 0) return null;
  const run = (action: BulkAction) =>
    bulk.mutate(
      { action, features: selected },
      {
        onSuccess: () => {
          setArchiving(false);
          setTagging(false);
          onDone();
        },
      },
    );
  return (
    <Paper withBorder p="xs" mb="sm" role="region" aria-label="Selected flags">
      <Group gap="xs">
        <Text size="sm" fw={600} mr="sm">
          {selected.length} selected
        </Text>
        <EnvironmentMenu
          label="Turn on"
          environments={environments}
          onPick={(environment) => run({ kind: 'enable', environment })}
        />
        <EnvironmentMenu
          label="Turn off"
          environments={environments}
          onPick={(environment) => run({ kind: 'disable', environment })}
        />
        <Button size="xs" variant="default" onClick={() => run({ kind: 'stale', stale: true })}>
          Mark stale
        </Button>
        <Button size="xs" variant="default" onClick={() => run({ kind: 'stale', stale: false })}>
          Mark active
        </Button>
        <Button size="xs" variant="default" onClick={() => setTagging(true)}>
          Add tag
        </Button>
        <Button size="xs" variant="default" onClick={() => setExporting(true)}>
          Export
        </Button>
        <Button size="xs" color="red" variant="light" onClick={() => setArchiving(true)}>
          Archive
        </Button>
        <Button size="xs" variant="subtle" onClick={onDone}>
          Clear selection
        </Button>
      </Group>
      <ConfirmModal
        opened={archiving}
        title={`Archive ${selected.length} flag(s)?`}
        confirmLabel="Archive"
        loading={bulk.isPending}
        onClose={() => setArchiving(false)}
        onConfirm={() => run({ kind: 'archive' })}
      >
        <Text size="sm">
          Archived flags stop being served to SDKs in every environment. You can revive them from the archive.
        </Text>
        <Text size="sm" mt="xs" c="dimmed">
          {selected.slice(0, 10).join(', ')}
          {selected.length > 10 ? ` and ${selected.length - 10} more` : ''}
        </Text>
        {archiving && <ArchiveDependencyWarning projectId={projectId} flags={selected} />}
      </ConfirmModal>
      {exporting && (
        <ExportFlagsModal
          projectId={projectId}
          flags={selected}
          environments={environments}
          onClose={() => setExporting(false)}
        />
      )}
      {tagging && (
        <TagModal
          loading={bulk.isPending}
          onClose={() => setTagging(false)}
          onTag={(tag) => run({ kind: 'tag', tags: [tag] })}
        />
      )}
    </Paper>
  );
}

function EnvironmentMenu({
  label,
  environments,
  onPick,
}: {
  label: string;
  environments: string[];
  onPick: (environment: string) => void;
}) {
  return (
    <Menu>
      <Menu.Target>
        <Button size="xs" variant="default">
          {label} in…
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {environments.map((env) => (
          <Menu.Item key={env} onClick={() => onPick(env)}>
            {env}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function TagModal({
  loading,
  onClose,
  onTag,
}: {
  loading: boolean;
  onClose: () => void;
  onTag: (tag: { type: string; value: string }) => void;
}) {
  const tags = useTags();
  const [value, setValue] = useState<string | null>(null);
  const tag = value ? parseTag(value) : undefined;
  return (
    <Modal opened onClose={onClose} title="Tag the selected flags">
      <Stack>
        <Select
          label="Tag"
          description="type:value"
          data={(tags.data ?? []).map(tagLabel)}
          value={value}
          onChange={setValue}
          searchable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!tag} loading={loading} onClick={() => tag && onTag(tag)}>
            Add tag
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
