import { Button, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../../ui/notify.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { useEnvironments, useProjectEnvironment } from '../environments/use-environments.ts';
import { usePermissions } from '../session/use-permissions.ts';

/** Which environments a project's flags run in. Changing it is a project setting (UPDATE_PROJECT). */
export function ProjectEnvironmentsButton({ projectId, enabled }: { projectId: string; enabled: string[] }) {
  const [opened, setOpened] = useState(false);
  const canChange = usePermissions().can('UPDATE_PROJECT', { project: projectId });
  const environments = useEnvironments();
  const change = useProjectEnvironment(projectId);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Environments
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Environments in this project">
        <QueryState query={environments} label="environments">
          {(list) => (
            <Stack>
              <Text size="sm" c="dimmed">
                Flags of this project can be configured in the environments switched on here.
              </Text>
              {list.map((env) => (
                <Switch
                  key={env.name}
                  label={`${env.name} (${env.type})`}
                  checked={enabled.includes(env.name)}
                  disabled={!canChange || change.isPending}
                  onChange={(e) =>
                    change.mutate(
                      { environment: env.name, enabled: e.currentTarget.checked },
                      { onError: (error) => notifyError(error, `change ${env.name}`) },
                    )
                  }
                />
              ))}
            </Stack>
          )}
        </QueryState>
      </Modal>
    </>
  );
}
