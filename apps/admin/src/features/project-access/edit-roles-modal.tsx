import { Alert, Button, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../ui/notify.ts';
import type { AccessEntry, ProjectRole } from './project-access.ts';
import { useProjectAccessMutations } from './use-project-access.ts';

/** Replaces the project roles one entry holds; removing every role is what "Remove" is for. */
export function EditRolesModal({
  projectId,
  entry,
  roles,
  onClose,
}: {
  projectId: string;
  entry: AccessEntry;
  roles: ProjectRole[];
  onClose: () => void;
}) {
  const { setRoles } = useProjectAccessMutations(projectId);
  const [picked, setPicked] = useState(entry.roles.map(String));
  const [problem, setProblem] = useState<string>();
  const submit = () => {
    if (picked.length === 0) {
      setProblem('Keep at least one role, or remove the entry from the project instead.');
      return;
    }
    setProblem(undefined);
    setRoles.mutate(
      { kind: entry.kind, id: entry.id, roles: picked.map(Number) },
      {
        onSuccess: () => {
          notifySuccess(`Changed the roles of ${entry.label}`);
          onClose();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Roles of ${entry.label}`}>
      <Stack>
        <MultiSelect
          label="Roles"
          data={roles.map((role) => ({ value: String(role.id), label: role.name }))}
          value={picked}
          onChange={setPicked}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={setRoles.isPending} onClick={submit}>
            Save roles
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
