import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  TagsInput,
  TextInput,
  Textarea,
} from '@mantine/core';
import { isRootRoleType, type RoleType } from '@switchyard/access';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useRoles } from '../roles/use-roles.ts';
import { useGroupMutations, usePickableUsers, type GroupResponse } from './use-groups.ts';
import { userLabel } from './user-label.ts';

/** The server's refusal by field; a name already taken belongs beside the name. */
function serverErrors(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.errorName === 'NameExistsError') return { name: error.message };
  return fieldErrors(error);
}

/** Creates a group, or edits one: name, description, an optional root role, SSO group names and members. */
export function GroupFormModal({ group, onClose }: { group?: GroupResponse; onClose: () => void }) {
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [rootRole, setRootRole] = useState<string | null>(group?.rootRole ? String(group.rootRole) : null);
  const [mappings, setMappings] = useState<string[]>(group?.mappingsSSO ?? []);
  const [members, setMembers] = useState<string[]>(group?.users.map((u) => String(u.user.id)) ?? []);
  const [local, setLocal] = useState<Record<string, string>>({});
  const roles = useRoles();
  const users = usePickableUsers();
  const { create, update } = useGroupMutations();
  const saving = group ? update : create;
  const errors = { ...serverErrors(saving.error), ...local };

  const roleOptions = (roles.data ?? [])
    .filter((role) => isRootRoleType(role.type as RoleType))
    .map((role) => ({ value: String(role.id), label: role.name }));
  // Members already in the group stay listed even if the pick list has not loaded or no longer has them.
  const known = new Map((users.data ?? []).map((u) => [String(u.id), u]));
  const userOptions = [
    ...(users.data ?? []).map((u) => ({
      value: String(u.id),
      label: u.accountType === 'User' ? userLabel(u) : `${userLabel(u)} (service account)`,
    })),
    ...(group?.users ?? [])
      .filter(({ user }) => !known.has(String(user.id)))
      .map(({ user }) => ({ value: String(user.id), label: userLabel(user) })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = 'Give the group a name';
    setLocal(problems);
    if (Object.keys(problems).length) return;
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      rootRole: rootRole ? Number(rootRole) : null,
      mappingsSSO: mappings,
      users: members.map((id) => ({ user: { id: Number(id) } })),
    };
    const done = () => {
      notifySuccess(group ? `Saved ${body.name}` : `Created group ${body.name}`);
      onClose();
    };
    if (group) update.mutate({ groupId: group.id, body }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  };

  return (
    <Modal opened onClose={onClose} title={group ? `Edit ${group.name}` : 'New group'} size="lg">
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
          <Select
            label="Root role"
            description="Optional: every member also holds this role across the instance."
            placeholder={roles.isPending ? 'Loading roles…' : 'No root role'}
            data={roleOptions}
            value={rootRole}
            clearable
            error={errorFor(errors, 'rootRole') ?? (roles.error ? roles.error.message : undefined)}
            onChange={setRootRole}
          />
          <TagsInput
            label="SSO groups"
            description="People in these single sign-on groups join this group when they sign in. Press Enter after each name."
            value={mappings}
            error={errorFor(errors, 'mappingsSSO')}
            onChange={setMappings}
          />
          <MultiSelect
            label="Members"
            placeholder={users.isPending ? 'Loading people…' : 'Pick people'}
            data={userOptions}
            value={members}
            searchable
            nothingFoundMessage="Nobody by that name"
            error={errorFor(errors, 'users') ?? (users.error ? users.error.message : undefined)}
            onChange={setMembers}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isPending}>
              {group ? 'Save group' : 'Create group'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
