import { Alert, Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../ui/notify.ts';
import { ErrorState, Loading } from '../../ui/query-state.tsx';
import { addAccessBody, candidateOptions, type ProjectRole } from './project-access.ts';
import { useAccessCandidates, useProjectAccessMutations } from './use-project-access.ts';

/** Gives users, service accounts and groups one or more project roles in one go. */
export function AddAccessModal({
  projectId,
  roles,
  listed,
  onClose,
}: {
  projectId: string;
  roles: ProjectRole[];
  /** Keys of the principals already in the project: they are edited in place, not added again. */
  listed: ReadonlySet<string>;
  onClose: () => void;
}) {
  const candidates = useAccessCandidates(true);
  const { add } = useProjectAccessMutations(projectId);
  const [principals, setPrincipals] = useState<string[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [problem, setProblem] = useState<string>();

  const submit = () => {
    if (principals.length === 0 || picked.length === 0) {
      setProblem('Pick at least one user, service account or group, and at least one role.');
      return;
    }
    setProblem(undefined);
    add.mutate(addAccessBody(principals, picked), {
      onSuccess: () => {
        notifySuccess(`Gave access to ${principals.length} ${principals.length === 1 ? 'entry' : 'entries'}`);
        onClose();
      },
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <Modal opened onClose={onClose} title="Add access">
      {candidates.isPending ? (
        <Loading label="users and groups" />
      ) : candidates.error ? (
        <ErrorState label="users and groups" error={candidates.error} retry={() => candidates.refetch()} />
      ) : (
        <Stack>
          {(() => {
            const options = candidateOptions(candidates.data, listed);
            return options.length === 0 ? (
              <Text size="sm">
                Everyone already has access to this project; edit their roles in the list.
              </Text>
            ) : (
              <MultiSelect
                label="Users, service accounts and groups"
                placeholder={principals.length ? undefined : 'Search by name'}
                data={options}
                value={principals}
                onChange={setPrincipals}
                searchable
                nothingFoundMessage="Nobody by that name"
              />
            );
          })()}
          <MultiSelect
            label="Roles"
            placeholder={picked.length ? undefined : 'Pick one or more'}
            description="Every one picked above gets every role picked here."
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
            <Button loading={add.isPending} onClick={submit}>
              Give access
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
