import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import type { ArchivedRef } from './archived-ref.ts';
import { useArchivedBulkAction } from './use-archived-flags.ts';

/** Revive or delete every selected archived flag, one request per project. */
export function ArchivedBulkBar({ selected, onDone }: { selected: ArchivedRef[]; onDone: () => void }) {
  const [deleting, setDeleting] = useState(false);
  const run = useArchivedBulkAction(selected);
  if (selected.length === 0) return null;
  const count = `${selected.length} ${selected.length === 1 ? 'flag' : 'flags'}`;
  const go = (operation: 'reviveFeatures' | 'deleteFeatures', verb: string) =>
    run.mutate(operation, {
      onSuccess: () => {
        notifySuccess(`${verb} ${count}`);
        setDeleting(false);
        onDone();
      },
      onError: (error) => notifyError(error, `${verb.toLowerCase().replace(/d$/, '')} the flags`),
    });
  return (
    <Paper withBorder p="xs" mb="sm">
      <Group justify="space-between">
        <Text size="sm">{count} selected</Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            loading={run.isPending}
            onClick={() => go('reviveFeatures', 'Revived')}
          >
            Revive selected
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setDeleting(true)}>
            Delete selected
          </Button>
        </Group>
      </Group>
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete ${count} for good?`}
          confirmLabel="Delete flags"
          loading={run.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={() => go('deleteFeatures', 'Deleted')}
        >
          <Text size="sm">
            {selected.map((flag) => flag.name).join(', ')} and their strategies, variants and tags are
            deleted. This cannot be undone.
          </Text>
        </ConfirmModal>
      )}
    </Paper>
  );
}
