import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Flag } from '../../api/wire.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useFlagActions } from './use-flag-actions.ts';
import { useValidateFlagName } from './use-validate-flag-name.ts';

/** A copy of a flag with its strategies and variants under a new name. */
export function CloneFlagModal({ flag, onClose }: { flag: Flag; onClose: () => void }) {
  const [name, setName] = useState(`${flag.name}-copy`);
  const [replaceGroupId, setReplaceGroupId] = useState(true);
  const check = useValidateFlagName(name, flag.project);
  const { clone } = useFlagActions(flag.project, flag.name);
  const navigate = useNavigate();
  const errors = fieldErrors(clone.error);
  return (
    <Modal opened onClose={onClose} title={`Clone ${flag.name}`}>
      <Stack>
        <TextInput
          label="New name"
          value={name}
          error={check.problem ?? errorFor(errors, 'name') ?? errors.form}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Checkbox
          label="Give rollouts the new name as group id (users are bucketed independently)"
          checked={replaceGroupId}
          onChange={(e) => setReplaceGroupId(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={clone.isPending}
            disabled={Boolean(check.problem) || check.checking}
            onClick={() =>
              clone.mutate(
                { name, replaceGroupId },
                {
                  onSuccess: () => {
                    notifySuccess(`Cloned to ${name}`);
                    onClose();
                    navigate(
                      `/projects/${encodeURIComponent(flag.project)}/flags/${encodeURIComponent(name)}`,
                    );
                  },
                },
              )
            }
          >
            Clone
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
