import {
  Alert,
  Badge,
  Button,
  Group,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useSaveAuthSettings } from './use-sso-settings.ts';

/** One field of a single sign-on form, by its wire name. */
export type FieldSpec = {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'switch' | 'role' | 'secret';
  description?: string;
};

type Values = Record<string, unknown> & { fromEnvironment?: string[] };

const SECRET_MASK = '********';

/**
 * The form of one single sign-on protocol: fields set by environment variables are read-only and say so, a saved
 * secret is never shown (typing a new one replaces it), and the server's refusals show at the fields they name.
 */
export function SsoProviderForm({
  kind,
  fields,
  saved,
  label,
}: {
  kind: 'oidc' | 'saml';
  fields: FieldSpec[];
  saved: Values;
  label: string;
}) {
  const save = useSaveAuthSettings(kind);
  const fromEnvironment = new Set(saved.fromEnvironment ?? []);
  const initial = () =>
    Object.fromEntries(
      fields.map((field) => [field.name, field.kind === 'secret' ? '' : (saved[field.name] ?? '')]),
    );
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const errors = fieldErrors(save.error);
  const set = (name: string, value: unknown) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    for (const field of fields) {
      if (fromEnvironment.has(field.name)) continue;
      const value = values[field.name];
      // A secret left empty keeps the saved one.
      if (field.kind === 'secret' && !value) continue;
      body[field.name] = value;
    }
    save.mutate(body, { onSuccess: () => notifySuccess(`${label} settings saved`) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${label} settings`}>
      <Stack maw={720}>
        {fromEnvironment.size > 0 && (
          <Alert color="blue" title="Set by environment variables">
            Fields marked “environment” come from the server’s environment variables and win over what is
            saved here. Change them where the server is deployed.
          </Alert>
        )}
        {errors.form && (
          <Alert color="red" role="alert" title="Not saved">
            {errors.form}
          </Alert>
        )}
        {fields.map((field) => {
          const locked = fromEnvironment.has(field.name);
          const props = {
            label: locked ? (
              <Group gap={6} component="span">
                {field.label}
                <Badge size="xs" variant="light">
                  environment
                </Badge>
              </Group>
            ) : (
              field.label
            ),
            description: field.description,
            disabled: locked || save.isPending,
            error: errorFor(errors, field.name),
          };
          const value = values[field.name];
          switch (field.kind) {
            case 'switch':
              return (
                <Switch
                  key={field.name}
                  {...props}
                  checked={value === true}
                  onChange={(event) => set(field.name, event.currentTarget.checked)}
                />
              );
            case 'role':
              return (
                <Select
                  key={field.name}
                  {...props}
                  data={['Viewer', 'Editor', 'Admin']}
                  value={String(value || 'Viewer')}
                  onChange={(role) => set(field.name, role ?? 'Viewer')}
                  allowDeselect={false}
                />
              );
            case 'secret':
              return (
                <PasswordInput
                  key={field.name}
                  {...props}
                  placeholder={saved[field.name] === SECRET_MASK ? 'Saved: type to replace it' : ''}
                  value={String(value ?? '')}
                  onChange={(event) => set(field.name, event.currentTarget.value)}
                  autoComplete="new-password"
                />
              );
            case 'textarea':
              return (
                <Textarea
                  key={field.name}
                  {...props}
                  autosize
                  minRows={4}
                  styles={{ input: { fontFamily: 'monospace' } }}
                  value={String(value ?? '')}
                  onChange={(event) => set(field.name, event.currentTarget.value)}
                />
              );
            default:
              return (
                <TextInput
                  key={field.name}
                  {...props}
                  value={String(value ?? '')}
                  onChange={(event) => set(field.name, event.currentTarget.value)}
                />
              );
          }
        })}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save {label} settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
