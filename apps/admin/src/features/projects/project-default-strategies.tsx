import { Button, Group, NumberInput, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ResponseOf } from '../../api/wire.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useSetDefaultStrategy } from './use-projects.ts';

type OverviewEnvironment = ResponseOf<'getProjectOverview'>['environments'][number];

const rolloutOf = (environment: OverviewEnvironment): number => {
  const parameters = environment.defaultStrategy?.parameters as Record<string, unknown> | undefined;
  const rollout = Number(parameters?.rollout ?? 100);
  return Number.isFinite(rollout) ? rollout : 100;
};

/** The gradual rollout a new flag gets in each of the project's environments when it is first turned on. */
export function ProjectDefaultStrategies({
  projectId,
  environments,
  canEdit,
}: {
  projectId: string;
  environments: OverviewEnvironment[];
  canEdit: boolean;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="default-strategies">
      <Title id="default-strategies" order={2} size="h4" mb={4}>
        Default strategy
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The gradual rollout a flag starts with in each environment, when it has no strategy of its own.
      </Text>
      {environments.length === 0 ? (
        <Text size="sm">This project has no environments enabled.</Text>
      ) : (
        <Table aria-labelledby="default-strategies" verticalSpacing={4}>
          <Table.Tbody>
            {environments.map((environment) => (
              <DefaultStrategyRow
                key={environment.environment}
                projectId={projectId}
                environment={environment}
                canEdit={canEdit}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function DefaultStrategyRow({
  projectId,
  environment,
  canEdit,
}: {
  projectId: string;
  environment: OverviewEnvironment;
  canEdit: boolean;
}) {
  const [rollout, setRollout] = useState<number>(rolloutOf(environment));
  const save = useSetDefaultStrategy(projectId, environment.environment);
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {environment.environment}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          <NumberInput
            aria-label={`Rollout in ${environment.environment} (%)`}
            min={0}
            max={100}
            clampBehavior="strict"
            suffix="%"
            w={110}
            value={rollout}
            onChange={(value) => setRollout(Number(value) || 0)}
            disabled={!canEdit}
          />
          {canEdit && (
            <Button
              variant="default"
              size="sm"
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { name: 'flexibleRollout', constraints: [], parameters: { rollout: String(rollout) } },
                  {
                    onSuccess: () => notifySuccess(`Default strategy saved for ${environment.environment}`),
                    onError: (e) => notifyError(e, 'save the default strategy'),
                  },
                )
              }
            >
              Save
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
