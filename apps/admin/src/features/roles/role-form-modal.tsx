import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { RoleType } from '@switchyard/access';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { EnvironmentPermissionGrid } from './environment-permission-grid.tsx';
import { PermissionChecklist } from './permission-checklist.tsx';
import { selectionOf, selectionProblems, toPermissionList, type Selection } from './role-permissions.ts';
import { RoleUsage } from './role-usage.tsx';
import { rootPermissionSections } from './root-permission-sections.ts';
import {
  usePermissionCatalogue,
  useRole,
  useRoleMutations,
  type PermissionCatalogue,
  type RoleDetails,
} from './use-roles.ts';

/** The kinds of role an admin can create: custom root roles and custom project roles. */
export type CustomRoleType = Extract<RoleType, 'root-custom' | 'custom'>;

const kind = (type: CustomRoleType) => (type === 'root-custom' ? 'root role' : 'project role');

/** Creates a custom role of the given type, or edits one (`roleId`); the type never changes. */
export function RoleFormModal({
  type,
  roleId,
  onClose,
}: {
  type: CustomRoleType;
  roleId?: number;
  onClose: () => void;
}) {
  const catalogue = usePermissionCatalogue();
  const role = useRole(roleId);
  const title = roleId === undefined ? `New ${kind(type)}` : `Edit ${role.data?.name ?? kind(type)}`;
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <QueryState query={catalogue} label="permissions">
        {(permissions) =>
          roleId === undefined ? (
            <RoleForm type={type} catalogue={permissions} onClose={onClose} />
          ) : (
            <QueryState query={role} label="the role">
              {(details) => <RoleForm type={type} catalogue={permissions} role={details} onClose={onClose} />}
            </QueryState>
          )
        }
      </QueryState>
    </Modal>
  );
}

/** The server's refusal by field; a name already taken belongs beside the name. */
function serverErrors(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.errorName === 'NameExistsError') return { name: error.message };
  return fieldErrors(error);
}

function RoleForm({
  type,
  catalogue,
  role,
  onClose,
}: {
  type: CustomRoleType;
  catalogue: PermissionCatalogue;
  role?: RoleDetails;
  onClose: () => void;
}) {
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [selection, setSelection] = useState<Selection>(() => selectionOf(role?.permissions ?? []));
  const [local, setLocal] = useState<Record<string, string>>({});
  const { create, update } = useRoleMutations();
  const saving = role ? update : create;
  const errors = { ...serverErrors(saving.error), ...local };
  const permissionsError = errorFor(errors, 'permissions');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = 'Give the role a name';
    const invalid = selectionProblems(type, selection);
    if (invalid.length) problems.permissions = invalid.join('; ');
    setLocal(problems);
    if (Object.keys(problems).length) return;
    const body = {
      name: name.trim(),
      description: description.trim(),
      type,
      permissions: toPermissionList(selection),
    };
    const done = () => {
      notifySuccess(role ? `Saved ${body.name}` : `Created ${kind(type)} ${body.name}`);
      onClose();
    };
    if (role) update.mutate({ roleId: role.id, body }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  };

  const environments = catalogue.environments.map((environment) => environment.name);
  const environmentPermissions = catalogue.environments[0]?.permissions ?? [];
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <TextInput
          label="Name"
          required
          value={name}
          error={errorFor(errors, 'name')}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={description}
          error={errorFor(errors, 'description')}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Title order={3} size="h5">
          Permissions
        </Title>
        {permissionsError && (
          <Alert color="red" role="alert">
            {permissionsError}
          </Alert>
        )}
        {type === 'root-custom' ? (
          rootPermissionSections(catalogue.root).map((section) => (
            <PermissionChecklist
              key={section.title}
              title={section.title}
              permissions={section.permissions}
              selection={selection}
              onChange={setSelection}
            />
          ))
        ) : (
          <>
            <PermissionChecklist
              title="Project"
              permissions={catalogue.project}
              selection={selection}
              onChange={setSelection}
            />
            <Text size="sm" fw={500}>
              Environments
            </Text>
            <EnvironmentPermissionGrid
              permissions={environmentPermissions}
              environments={environments}
              selection={selection}
              onChange={setSelection}
            />
          </>
        )}
        {role && type === 'custom' && (
          <>
            <Title order={3} size="h5">
              Where it is held
            </Title>
            <RoleUsage roleId={role.id} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {role ? 'Save role' : 'Create role'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
