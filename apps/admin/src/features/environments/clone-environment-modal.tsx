import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Environment } from '../../api/wire.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useEnvironmentMutations } from './use-environments.ts';

const NAME = /^[A-Za-z0-9_.~-]+$/;

/** A new environment that starts as a copy of another: its flags' strategies and states, and optionally its permissions. */
export function CloneEnvironmentModal({ source, onClose }: { source: Environment; onClose: () => void }) {
  const [name, setName] = useState(`${source.name}-copy`);
  const [type, setType] = useState(source.type);
  const [clonePermissions, setClonePermissions] = useState(true);
  const [tried, setTried] = useState(false);
  const { clone } = useEnvironmentMutations();
  const errors = fieldErrors(clone.error);
  const problem = NAME.test(name) ? undefined : 'Letters, digits and . _ ~ - only';
  const submit = () => {
    setTried(true);
    if (problem) return;
    clone.mutate(
      { source: source.name, name, type, clonePermissions },
      {
        onSuccess: () => {
          notifySuccess(`Cloned ${source.name} to ${name}`);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Clone ${source.name}`}>
      <Stack>
        <Text size="sm">
          Every flag gets the same strategies and on/off state in the new environment as it has in{' '}
          {source.name}.
        </Text>
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <TextInput
          label="Name"
          value={name}
          error={(tried ? problem : undefined) ?? errorFor(errors, 'name')}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Select
          label="Type"
          data={['development', 'test', 'preproduction', 'production']}
          value={type}
          allowDeselect={false}
          onChange={(value) => setType(value ?? source.type)}
        />
        <Checkbox
          label="Copy who may change flags there (project role permissions)"
          checked={clonePermissions}
          onChange={(event) => setClonePermissions(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={clone.isPending} onClick={submit}>
            Clone environment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
