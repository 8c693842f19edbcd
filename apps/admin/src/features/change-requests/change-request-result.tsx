import { Alert, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ChangeRequest } from './change-request-types.ts';

type Feature = ChangeRequest['features'][number];
type FlagState = NonNullable<Feature['result']>['before'];
type StrategyState = NonNullable<FlagState>['strategies'][number];

/** A strategy in one line: its name or title, what it rolls out to and what narrows it. */
function strategyLine(strategy: StrategyState): string {
  const rollout = strategy.parameters.rollout;
  const parts = [
    strategy.title || strategy.name,
    rollout !== undefined ? `${rollout}%` : '',
    strategy.constraints.length ? `${strategy.constraints.length} constraint(s)` : '',
    strategy.segments.length ? `${strategy.segments.length} segment(s)` : '',
    strategy.disabled ? 'disabled' : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

function StateView({ label, state }: { label: string; state: FlagState }) {
  return (
    <Stack gap={4} aria-label={`${label}`}>
      <Text size="sm" fw={700}>
        {label}
      </Text>
      {state === null ? (
        <Text size="sm">The flag does not exist</Text>
      ) : (
        <>
          <Group gap="xs">
            <Badge color={state.enabled ? 'green' : 'gray'}>{state.enabled ? 'On' : 'Off'}</Badge>
            {state.archived && <Badge color="red">Archived</Badge>}
          </Group>
          {state.strategies.length === 0 ? (
            <Text size="sm" c="dimmed">
              No strategies
            </Text>
          ) : (
            <List size="sm" type="ordered">
              {state.strategies.map((strategy, index) => (
                <List.Item key={index}>{strategyLine(strategy)}</List.Item>
              ))}
            </List>
          )}
          {state.variants.length > 0 && <Text size="sm">{state.variants.length} variant(s)</Text>}
          {state.dependencies.map((d) => (
            <Text size="sm" key={d.feature}>
              Depends on {d.feature} being {d.enabled ? 'on' : 'off'}
            </Text>
          ))}
        </>
      )}
    </Stack>
  );
}

/**
 * What the request produces: per flag, its state before and after all the changes in order, computed by the
 * server against the current state (implicit effects such as a default strategy included). This is what an
 * approval approves.
 */
export function ChangeRequestResult({ request }: { request: ChangeRequest }) {
  const flags = request.features.filter((f) => f.result);
  if (flags.length === 0 && !request.resultProblem && !request.approvalOutdated) return null;
  return (
    <Stack component="section" aria-labelledby="result-heading">
      <Title order={2} size="h4" id="result-heading">
        Result in {request.environment}
      </Title>
      {request.resultProblem && (
        <Alert color="red" title="These changes do not apply now" role="alert">
          {request.resultProblem}
        </Alert>
      )}
      {request.approvalOutdated && (
        <Alert color="orange" title="The approval no longer matches the result" role="alert">
          Its approval does not count: {request.approvalOutdated}. Applying it sends it back to review.
        </Alert>
      )}
      {flags.map((flag) => (
        <Paper key={flag.name} withBorder p="md" component="article" aria-label={`Result for ${flag.name}`}>
          <Text fw={700} mb="xs">
            {flag.name}
          </Text>
          {flag.defaultChange && (
            <Text size="sm" fw={600} mb="xs">
              Turning it on adds the project’s default strategy as well.
            </Text>
          )}
          <SimpleGrid cols={2}>
            <StateView label="Before" state={flag.result!.before} />
            <StateView label="After" state={flag.result!.after} />
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
