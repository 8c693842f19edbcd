import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * Asks before something is lost. With `typeToConfirm`, the user types that name first, for deletions that take
 * other things with them.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  typeToConfirm,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  typeToConfirm?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const ready = !typeToConfirm || typed === typeToConfirm;
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <div>{children}</div>
        {typeToConfirm && (
          <TextInput
            label={
              <Text span size="sm">
                Type <b>{typeToConfirm}</b> to confirm
              </Text>
            }
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" disabled={!ready} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
