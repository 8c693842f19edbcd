import { flagNameProblem } from '@switchyard/rules';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ConnectState } from '../connect-sdk/connect-sdk-button.tsx';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useFlagTypes } from '../flag-types/use-flag-types.ts';
import { useValidateFlagName } from './use-validate-flag-name.ts';
import { useCreateFlag } from './use-create-flag.ts';

type Draft = { name: string; type: string; description: string; impressionData: boolean };

/** New flag in a project; the name is checked against the server while it is typed. */
export function CreateFlagModal({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>({
    name: '',
    type: 'release',
    description: '',
    impressionData: false,
  });
  const [submitted, setSubmitted] = useState(false);
  const types = useFlagTypes();
  const nameCheck = useValidateFlagName(draft.name, projectId);
  const navigate = useNavigate();
  const create = useCreateFlag(projectId);
  const created = (flag: { name: string }) => {
    notifySuccess(`Created flag ${flag.name}`);
    onClose();
    // The flag page offers to connect an app that asks for the new flag (see ConnectSdkButton).
    const state: ConnectState = { connect: true };
    void navigate(`/projects/${encodeURIComponent(projectId)}/flags/${encodeURIComponent(flag.name)}`, {
      state,
    });
  };
  const errors = fieldErrors(create.error);
  const nameError = (draft.name || submitted ? nameCheck.problem : undefined) ?? errorFor(errors, 'name');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (flagNameProblem(draft.name) || nameCheck.problem) return;
    create.mutate({ ...draft, description: draft.description.trim() }, { onSuccess: created });
  };

  return (
    <Modal opened onClose={onClose} title="New flag" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <TextInput
            label="Name"
            required
            data-autofocus
            value={draft.name}
            error={nameError}
            description={nameCheck.ok ? 'This name is available' : 'Letters, digits and . _ ~ -'}
            rightSection={nameCheck.checking ? <Loader size="xs" /> : undefined}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setDraft((d) => ({ ...d, name }));
            }}
          />
          <Select
            label="Type"
            data={(types.data ?? [{ id: 'release', name: 'Release' }]).map((t) => ({
              value: t.id,
              label: t.name,
            }))}
            value={draft.type}
            allowDeselect={false}
            error={errorFor(errors, 'type')}
            onChange={(type) => setDraft((d) => ({ ...d, type: type ?? 'release' }))}
          />
          <Textarea
            label="Description"
            value={draft.description}
            error={errorFor(errors, 'description')}
            onChange={(e) => {
              const description = e.currentTarget.value;
              setDraft((d) => ({ ...d, description }));
            }}
          />
          <Checkbox
            label="Send impression events when SDKs evaluate this flag"
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
            <Button type="submit" loading={create.isPending} disabled={nameCheck.checking}>
              Create flag
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
