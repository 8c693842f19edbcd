import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { withInlineCode } from '../../ui/inline-code.tsx';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import {
  useIntegrationMutations,
  type Integration,
  type IntegrationBody,
  type Provider,
} from './use-integrations.ts';

export type IntegrationForm = {
  description: string;
  enabled: boolean;
  parameters: Record<string, string>;
  events: string[];
  projects: string;
  environments: string;
};

export const formOf = (integration: Integration | undefined): IntegrationForm => ({
  description: integration?.description ?? '',
  enabled: integration?.enabled ?? true,
  parameters: { ...(integration?.parameters ?? {}) },
  events: integration?.events ?? [],
  projects: (integration?.projects ?? []).join(', '),
  environments: (integration?.environments ?? []).join(', '),
});

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The rules the server applies that can be checked here; the server still has the last word (private URLs). */
export function integrationFormProblems(provider: Provider, form: IntegrationForm): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const parameter of provider.parameters) {
    const value = form.parameters[parameter.name]?.trim() ?? '';
    const key = `parameters.${parameter.name}`;
    if (parameter.required && !value) problems[key] = `${parameter.displayName} is required`;
    else if (value && parameter.type === 'url' && value !== '*****' && !/^https?:\/\/\S+$/.test(value))
      problems[key] = 'An http or https URL';
    else if (value && parameter.name === 'customHeaders' && value !== '*****') {
      try {
        const parsed: unknown = JSON.parse(value);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      } catch {
        problems[key] = 'A JSON object such as {"X-Team": "checkout"}';
      }
    }
  }
  if (form.events.length === 0) problems.events = 'Choose at least one event';
  return problems;
}

/** What the form sends: empty parameters are left out; masked secrets go back as they are, keeping their value. */
export function integrationBody(provider: Provider, form: IntegrationForm): IntegrationBody {
  const parameters: Record<string, string> = {};
  for (const parameter of provider.parameters) {
    const value = form.parameters[parameter.name]?.trim();
    if (value) parameters[parameter.name] = value;
  }
  return {
    provider: provider.name,
    description: form.description.trim() || null,
    enabled: form.enabled,
    parameters,
    events: form.events,
    projects: list(form.projects),
    environments: list(form.environments),
  };
}

/** Creates an integration of a provider, or edits one; the fields come from the provider's parameter list. */
export function IntegrationFormModal({
  provider,
  integration,
  onClose,
}: {
  provider: Provider;
  integration?: Integration;
  onClose: () => void;
}) {
  const [form, setForm] = useState<IntegrationForm>(formOf(integration));
  const [local, setLocal] = useState<Record<string, string>>({});
  const { save } = useIntegrationMutations();
  const errors = { ...fieldErrors(save.error), ...local };
  const setParameter = (name: string, value: string) =>
    setForm((current) => ({ ...current, parameters: { ...current.parameters, [name]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = integrationFormProblems(provider, form);
    setLocal(problems);
    if (Object.keys(problems).length) return;
    save.mutate(
      { id: integration?.id, body: integrationBody(provider, form) },
      {
        onSuccess: () => {
          notifySuccess(integration ? 'Integration saved' : 'Integration created');
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${integration ? 'Edit' : 'New'} ${provider.displayName} integration`}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          {provider.howTo && <Alert color="gray">{withInlineCode(provider.howTo)}</Alert>}
          {provider.parameters.map((parameter) => {
            const props = {
              label: parameter.displayName,
              description: withInlineCode(parameter.description),
              // An example, not a value: it says so, so an empty field never looks filled in.
              placeholder: parameter.placeholder && `e.g. ${parameter.placeholder}`,
              required: parameter.required,
              value: form.parameters[parameter.name] ?? '',
              error: errorFor(errors, `parameters.${parameter.name}`),
            };
            return parameter.type === 'textfield' ? (
              <Textarea
                key={parameter.name}
                {...props}
                autosize
                minRows={2}
                onChange={(e) => setParameter(parameter.name, e.currentTarget.value)}
              />
            ) : (
              <TextInput
                key={parameter.name}
                {...props}
                onChange={(e) => setParameter(parameter.name, e.currentTarget.value)}
              />
            );
          })}
          <Stack gap={6}>
            <MultiSelect
              label="Events"
              required
              searchable
              data={[...new Set([...provider.events, ...form.events])]}
              value={form.events}
              error={errorFor(errors, 'events')}
              onChange={(events) => setForm((current) => ({ ...current, events }))}
            />
            <Checkbox
              label={`All events (${provider.events.length})`}
              checked={provider.events.every((event) => form.events.includes(event))}
              onChange={(e) => {
                const all = e.currentTarget.checked;
                setForm((current) => ({ ...current, events: all ? [...provider.events] : [] }));
              }}
            />
          </Stack>
          <Group grow align="flex-start">
            <TextInput
              label="Projects"
              description="Comma-separated; empty for every project"
              value={form.projects}
              error={errorFor(errors, 'projects')}
              onChange={(e) => setForm((current) => ({ ...current, projects: e.currentTarget.value }))}
            />
            <TextInput
              label="Environments"
              description="Comma-separated; empty for every environment"
              value={form.environments}
              error={errorFor(errors, 'environments')}
              onChange={(e) => setForm((current) => ({ ...current, environments: e.currentTarget.value }))}
            />
          </Group>
          <TextInput
            label="Description"
            value={form.description}
            error={errorFor(errors, 'description')}
            onChange={(e) => setForm((current) => ({ ...current, description: e.currentTarget.value }))}
          />
          <Checkbox
            label="Enabled: send events"
            checked={form.enabled}
            onChange={(e) => setForm((current) => ({ ...current, enabled: e.currentTarget.checked }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {integration ? 'Save integration' : 'Create integration'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
