import { Alert, List, Paper, Stack, Switch, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useMaintenance, useToggleMaintenance } from './use-maintenance.ts';

/** Pause every change through the Admin API, for an upgrade or an incident. Admins only. */
export function MaintenancePage() {
  const allowed = usePermissions().can('ADMIN');
  const maintenance = useMaintenance();
  const toggle = useToggleMaintenance();
  return (
    <>
      <PageHeader
        title="Maintenance"
        description="Pause every change while you upgrade, restore a backup or investigate an incident."
      />
      <QueryState query={maintenance} label="maintenance mode">
        {(enabled) => (
          <Stack maw={720}>
            <Paper withBorder p="md">
              <Switch
                size="md"
                label="Maintenance mode"
                description={enabled ? 'On: changes are refused.' : 'Off: everything works as usual.'}
                checked={enabled}
                disabled={!allowed || toggle.isPending}
                onChange={(event) => {
                  const next = event.currentTarget.checked;
                  toggle.mutate(next, {
                    onSuccess: () =>
                      notifySuccess(next ? 'Maintenance mode is on' : 'Maintenance mode is off'),
                    onError: (error) => notifyError(error, 'switch maintenance mode'),
                  });
                }}
              />
            </Paper>
            {!allowed && <Alert color="gray">Only administrators can switch maintenance mode.</Alert>}
            <Text size="sm">While it is on:</Text>
            <List size="sm" spacing={4}>
              <List.Item>
                every change through the admin UI and the Admin API is refused, and nothing changes;
              </List.Item>
              <List.Item>everyone who signs in sees a notice at the top of every screen;</List.Item>
              <List.Item>
                reading, the playground, exports and sign-in keep working, and SDKs keep getting their flags
                and sending usage.
              </List.Item>
            </List>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
