import { Alert, Tabs } from '@mantine/core';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { RoleList } from './role-list.tsx';

/** Root and project roles: the predefined ones to read, custom ones to create, change and delete. Admins only. */
export function RolesPage() {
  const allowed = usePermissions().can('ADMIN');
  if (!allowed)
    return (
      <>
        <PageHeader title="Roles" />
        <Alert color="gray">Only administrators can see and change roles.</Alert>
      </>
    );
  return (
    <>
      <PageHeader
        title="Roles"
        description="A root role says what someone may do across the instance; a project role, what they may do in the projects where they hold it."
      />
      <Tabs defaultValue="root" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="root">Root roles</Tabs.Tab>
          <Tabs.Tab value="project">Project roles</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="root">
          <RoleList type="root-custom" />
        </Tabs.Panel>
        <Tabs.Panel value="project">
          <RoleList type="custom" />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
