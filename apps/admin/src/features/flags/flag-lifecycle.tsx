import { Button, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { LifecycleBadge, type LifecycleStageName } from './lifecycle-badge.tsx';
import { type Completion, useFlagCompletion } from './use-flag-completion.ts';

/**
 * The flag's lifecycle stage beside its name, and the one stage people set by hand: completed, meaning the work
 * behind the flag is done and the flag can go. Reopening undoes it.
 */
export function FlagLifecycle({
  projectId,
  flagName,
  stage,
  canEdit,
}: {
  projectId: string;
  flagName: string;
  stage: LifecycleStageName;
  canEdit: boolean;
}) {
  const { complete, reopen } = useFlagCompletion(projectId, flagName);
  const [completing, setCompleting] = useState(false);
  const [status, setStatus] = useState<Completion['status']>('kept');
  const [statusValue, setStatusValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    complete.mutate(
      { status, statusValue: statusValue.trim() || null },
      {
        onSuccess: () => {
          setCompleting(false);
          notifySuccess(`Marked ${flagName} completed`);
        },
        onError: (e) => notifyError(e, 'mark the flag completed'),
      },
    );
  };
  return (
    <Group gap="xs">
      <LifecycleBadge stage={stage} />
      {canEdit && stage !== 'completed' && stage !== 'archived' && (
        <Button size="compact-sm" variant="default" onClick={() => setCompleting(true)}>
          Mark completed
        </Button>
      )}
      {canEdit && stage === 'completed' && (
        <Button
          size="compact-sm"
          variant="subtle"
          loading={reopen.isPending}
          onClick={() => reopen.mutate(undefined, { onError: (e) => notifyError(e, 'reopen the flag') })}
        >
          Reopen
        </Button>
      )}
      <Modal opened={completing} onClose={() => setCompleting(false)} title={`Mark ${flagName} completed`}>
        <form onSubmit={submit}>
          <Stack>
            <SegmentedControl
              aria-label="Outcome"
              value={status}
              onChange={(value) => setStatus(value as Completion['status'])}
              data={[
                { value: 'kept', label: 'Feature kept' },
                { value: 'discarded', label: 'Feature discarded' },
              ]}
            />
            <TextInput
              label="Variant kept"
              description="Optional: which variant won, if any."
              maxLength={100}
              value={statusValue}
              onChange={(e) => setStatusValue(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCompleting(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={complete.isPending}>
                Mark completed
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
