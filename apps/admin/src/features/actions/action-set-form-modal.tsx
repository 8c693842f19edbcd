import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { OPERATOR_NAMES } from '@switchyard/evaluation';
import { useState, type FormEvent } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useServiceAccounts } from '../service-accounts/use-service-accounts.ts';
import { useSignalEndpoints } from '../signals/use-signal-endpoints.ts';
import {
  ACTION_LABELS,
  type ActionName,
  type ActionSetForm,
  bodyOf,
  emptyAction,
  formOf,
  targetOf,
} from './action-set-form.ts';
import { type ActionSet, useActionSetMutations } from './use-action-sets.ts';

/** Creates or changes an action set: which signals it acts on (endpoint and payload filters) and what it does. */
export function ActionSetFormModal({
  projectId,
  environments,
  actionSet,
  onClose,
}: {
  projectId: string;
  environments: string[];
  actionSet?: ActionSet;
  onClose: () => void;
}) {
  const { save } = useActionSetMutations(projectId);
  const accounts = useServiceAccounts(true);
  const endpoints = useSignalEndpoints();
  const [form, setForm] = useState<ActionSetForm>(() => formOf(actionSet, environments[0] ?? ''));
  const errors = fieldErrors(save.error);
  const set = (patch: Partial<ActionSetForm>) => setForm((f) => ({ ...f, ...patch }));
  const setFilter = (index: number, patch: Partial<ActionSetForm['filters'][number]>) =>
    set({ filters: form.filters.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  const setAction = (index: number, patch: Partial<ActionSetForm['actions'][number]>) =>
    set({ actions: form.actions.map((row, i) => (i === index ? { ...row, ...patch } : row)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: actionSet?.id, body: bodyOf(form, projectId) },
      {
        onSuccess: () => {
          notifySuccess(actionSet ? 'Action set saved' : 'Action set created');
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={actionSet ? 'Edit action set' : 'New action set'} size="xl">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Name"
            required
            value={form.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errorFor(errors, 'name')}
          />
          <TextInput
            label="Description"
            value={form.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
          />
          <Select
            label="Signal endpoint"
            description="The action set acts on this endpoint's signals."
            required
            data={(endpoints.data ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
            value={form.sourceId || null}
            onChange={(value) => set({ sourceId: value ?? '' })}
            error={errorFor(errors, 'match.sourceId')}
          />
          <Select
            label="Run as service account"
            description="The actions need its permissions (turning flags on and off in the environment)."
            required
            data={(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name ?? a.username }))}
            value={form.actorId || null}
            onChange={(value) => set({ actorId: value ?? '' })}
            error={errorFor(errors, 'actorId')}
          />
          <Text fw={500} size="sm">
            Payload filters (every one must hold; none matches every signal)
          </Text>
          {form.filters.map((row, index) => (
            <Group key={index} align="flex-end" wrap="nowrap">
              <TextInput
                label="Field"
                placeholder="status or labels.severity"
                value={row.field}
                onChange={(e) => setFilter(index, { field: e.currentTarget.value })}
              />
              <Select
                label="Operator"
                data={[...OPERATOR_NAMES]}
                value={row.operator}
                onChange={(value) => setFilter(index, { operator: value ?? 'IN' })}
                error={errorFor(errors, `match.payload.${row.field.trim()}`)}
              />
              <TextInput
                label="Values"
                placeholder="firing, pending"
                value={row.values}
                onChange={(e) => setFilter(index, { values: e.currentTarget.value })}
              />
              <Checkbox
                label="Not"
                checked={row.inverted}
                onChange={(e) => setFilter(index, { inverted: e.currentTarget.checked })}
              />
              <Checkbox
                label="Any case"
                checked={row.caseInsensitive}
                onChange={(e) => setFilter(index, { caseInsensitive: e.currentTarget.checked })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Remove filter"
                onClick={() => set({ filters: form.filters.filter((_, i) => i !== index) })}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              size="xs"
              variant="default"
              disabled={form.filters.length >= 5}
              onClick={() =>
                set({
                  filters: [
                    ...form.filters,
                    { field: '', operator: 'IN', values: '', inverted: false, caseInsensitive: false },
                  ],
                })
              }
            >
              Add filter
            </Button>
          </Group>
          <Text fw={500} size="sm">
            Actions (in order; the first failure stops the rest)
          </Text>
          {form.actions.map((row, index) => (
            <Group key={index} align="flex-end" wrap="nowrap">
              <Select
                label="Action"
                data={Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))}
                value={row.action}
                onChange={(value) =>
                  setAction(index, { action: (value ?? 'TOGGLE_FEATURE_OFF') as ActionName })
                }
              />
              <Select
                label="Environment"
                data={environments}
                value={row.environment || null}
                onChange={(value) => setAction(index, { environment: value ?? '' })}
                error={errorFor(errors, `actions.${index}.executionParams.environment`)}
              />
              <TextInput
                label={targetOf(row.action) === 'tag' ? 'Tag (type:value)' : 'Flag'}
                value={row.target}
                onChange={(e) => setAction(index, { target: e.currentTarget.value })}
                error={errorFor(errors, `actions.${index}.executionParams.${targetOf(row.action)}`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Remove action"
                disabled={form.actions.length === 1}
                onClick={() => set({ actions: form.actions.filter((_, i) => i !== index) })}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              size="xs"
              variant="default"
              disabled={form.actions.length >= 10}
              onClick={() => set({ actions: [...form.actions, emptyAction(environments[0])] })}
            >
              Add action
            </Button>
          </Group>
          <Checkbox
            label="Enabled"
            checked={form.enabled}
            onChange={(e) => set({ enabled: e.currentTarget.checked })}
          />
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
