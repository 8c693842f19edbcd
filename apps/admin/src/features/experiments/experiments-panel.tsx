import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { Flag } from '../../api/wire.ts';
import { fieldErrors } from '../../ui/field-errors.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import {
  useExperimentActions,
  useExperimentResults,
  useExperiments,
  type FlagEnvironment,
} from './use-experiments.ts';

const percent = (x: number | null | undefined, digits = 1) =>
  x === null || x === undefined ? '–' : `${(x * 100).toFixed(digits)}%`;
const VERDICT_COLOUR: Record<string, string> = {
  winner: 'green',
  loser: 'red',
  'guardrail-breached': 'red',
  'sample-ratio-mismatch': 'red',
  collecting: 'gray',
  inconclusive: 'yellow',
};

/** The flag's experiments in one environment: set one up on its variants, start and stop it, read its results. */
export function ExperimentsPanel({ flag }: { flag: Flag }) {
  const [environment, setEnvironment] = useState(flag.environments[0]?.name ?? '');
  if (!environment) return <Text c="dimmed">This project has no environments enabled.</Text>;
  const place = { projectId: flag.project, featureName: flag.name, environment };
  const variants = (flag.environments.find((e) => e.name === environment)?.variants ?? []).map((v) => v.name);
  return (
    <Paper withBorder p="md" component="section" aria-label="Experiments">
      {flag.environments.length > 1 && (
        <SegmentedControl
          mb="sm"
          aria-label="Environment"
          value={environment}
          onChange={setEnvironment}
          data={flag.environments.map((e) => e.name)}
        />
      )}
      <EnvironmentExperiments key={environment} place={place} variants={variants} />
    </Paper>
  );
}

function EnvironmentExperiments({ place, variants }: { place: FlagEnvironment; variants: string[] }) {
  const experiments = useExperiments(place);
  const { start, stop } = useExperimentActions(place);
  const { can } = usePermissions();
  const canWrite = can('UPDATE_FEATURE_ENVIRONMENT_VARIANTS', {
    project: place.projectId,
    environment: place.environment,
  });
  const [shown, setShown] = useState<number | undefined>();
  return (
    <QueryState query={experiments} label="experiments">
      {(data) => {
        const list = data.experiments;
        const selected = shown ?? list[0]?.id;
        return (
          <Stack>
            {list.length === 0 && (
              <Text c="dimmed">No experiment on this flag in {place.environment} yet.</Text>
            )}
            {list.length > 0 && (
              <Table aria-label="Experiments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Control</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((experiment) => (
                    <Table.Tr key={experiment.id}>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => setShown(experiment.id)}>
                          {experiment.name}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={experiment.status === 'running' ? 'green' : 'gray'}>
                          {experiment.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{experiment.controlVariant}</Table.Td>
                      <Table.Td>
                        {canWrite && experiment.status === 'draft' && (
                          <Button
                            size="compact-sm"
                            loading={start.isPending}
                            onClick={() =>
                              start.mutate(experiment.id, {
                                onSuccess: () => notifySuccess(`Started ${experiment.name}`),
                                onError: (error) => notifyError(error, 'start the experiment'),
                              })
                            }
                          >
                            Start
                          </Button>
                        )}
                        {canWrite && experiment.status === 'running' && (
                          <Button
                            size="compact-sm"
                            color="red"
                            variant="light"
                            loading={stop.isPending}
                            onClick={() =>
                              stop.mutate(experiment.id, {
                                onSuccess: () => notifySuccess(`Stopped ${experiment.name}`),
                                onError: (error) => notifyError(error, 'stop the experiment'),
                              })
                            }
                          >
                            Stop
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {selected !== undefined && <ExperimentResults place={place} experimentId={selected} />}
            {canWrite && <ExperimentSetUp place={place} variants={variants} />}
          </Stack>
        );
      }}
    </QueryState>
  );
}

function ExperimentResults({ place, experimentId }: { place: FlagEnvironment; experimentId: number }) {
  const results = useExperimentResults(place, experimentId);
  return (
    <QueryState query={results} label="results">
      {(data) => (
        <Stack gap="sm" aria-label="Experiment results">
          <Title order={4}>{data.experiment.name}</Title>
          {data.experiment.hypothesis && <Text size="sm">{data.experiment.hypothesis}</Text>}
          <Alert
            color={VERDICT_COLOUR[data.verdict.verdict] ?? 'gray'}
            title={`Verdict: ${data.verdict.verdict}`}
          >
            {data.verdict.summary}
          </Alert>
          <Group gap="xs" aria-label="Split">
            {data.variants.map((v) => (
              <Stack key={v.variant} gap={2} style={{ flex: 1 }}>
                <Text size="xs">
                  {v.variant}: {v.users} users ({percent(v.share)} of {percent(v.expectedShare)} expected)
                </Text>
                <Progress value={v.share * 100} color={data.sampleRatio.mismatch ? 'red' : 'blue'} />
              </Stack>
            ))}
          </Group>
          {data.metrics.map((metric) => (
            <Stack key={`${metric.event}-${metric.kind}`} gap={4}>
              <Text fw={600}>
                {metric.event} ({metric.kind === 'conversion' ? 'conversion rate' : 'mean per user'},{' '}
                {metric.role})
              </Text>
              <Table aria-label={`Results for ${metric.event}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Variant</Table.Th>
                    <Table.Th>Users</Table.Th>
                    <Table.Th>Estimate (95% interval)</Table.Th>
                    <Table.Th>Lift (95% interval)</Table.Th>
                    <Table.Th>Chance to beat control</Table.Th>
                    <Table.Th>Expected loss</Table.Th>
                    <Table.Th>Sequential p</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {metric.variants.map((v) => {
                    const asRate = metric.kind === 'conversion';
                    const show = (x: number) => (asRate ? percent(x, 2) : x.toFixed(3));
                    return (
                      <Table.Tr key={v.variant}>
                        <Table.Td>
                          {v.variant} {v.isControl && <Badge size="xs">control</Badge>}
                        </Table.Td>
                        <Table.Td>{v.users}</Table.Td>
                        <Table.Td>
                          {show(v.estimate)} ({show(v.interval.low)} to {show(v.interval.high)})
                        </Table.Td>
                        <Table.Td>
                          {v.lift
                            ? `${percent(v.lift.lift)} (${percent(v.lift.interval.low)} to ${percent(v.lift.interval.high)})`
                            : '–'}
                        </Table.Td>
                        <Table.Td>{percent(v.chanceToBeatControl)}</Table.Td>
                        <Table.Td>{v.expectedLoss === undefined ? '–' : show(v.expectedLoss)}</Table.Td>
                        <Table.Td>{v.sequential ? v.sequential.pValue.toPrecision(2) : '–'}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Stack>
          ))}
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Caveats
            </Text>
            {data.verdict.caveats.map((caveat) => (
              <Text key={caveat} size="xs" c="dimmed">
                {caveat}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
    </QueryState>
  );
}

function ExperimentSetUp({ place, variants }: { place: FlagEnvironment; variants: string[] }) {
  const { create } = useExperimentActions(place);
  const [name, setName] = useState('');
  const [hypothesis, setHypothesis] = useState('');
  const [control, setControl] = useState<string | null>(variants[0] ?? null);
  const [primary, setPrimary] = useState('');
  const [kind, setKind] = useState<'conversion' | 'mean'>('conversion');
  const [guardrails, setGuardrails] = useState('');
  const errors = fieldErrors(create.error);
  if (variants.length < 2)
    return (
      <Text size="sm" c="dimmed">
        Give the flag at least two variants in {place.environment} to set up an experiment.
      </Text>
    );
  return (
    <Stack
      gap="xs"
      component="form"
      aria-label="Set up an experiment"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          {
            name,
            hypothesis,
            controlVariant: control ?? '',
            metrics: [
              { event: primary, kind, role: 'primary' as const },
              ...guardrails
                .split(',')
                .map((event) => event.trim())
                .filter(Boolean)
                .map((event) => ({ event, kind: 'conversion' as const, role: 'guardrail' as const })),
            ],
          },
          { onSuccess: () => notifySuccess(`Experiment ${name} set up: start it when ready`) },
        );
      }}
    >
      <Title order={5}>Set up an experiment</Title>
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
      />
      <Textarea
        label="Hypothesis"
        value={hypothesis}
        onChange={(e) => setHypothesis(e.currentTarget.value)}
      />
      <Select
        label="Control variant"
        data={variants}
        value={control}
        onChange={setControl}
        error={errors.controlVariant}
      />
      <Group grow>
        <TextInput
          label="Primary metric (tracked event)"
          required
          value={primary}
          onChange={(e) => setPrimary(e.currentTarget.value)}
          error={errors.metrics}
        />
        <SegmentedControl
          aria-label="Metric kind"
          value={kind}
          onChange={(value) => setKind(value as 'conversion' | 'mean')}
          data={[
            { value: 'conversion', label: 'Conversion' },
            { value: 'mean', label: 'Mean value' },
          ]}
        />
      </Group>
      <TextInput
        label="Guardrail events (comma-separated, conversion)"
        value={guardrails}
        onChange={(e) => setGuardrails(e.currentTarget.value)}
      />
      <Group>
        <Button type="submit" loading={create.isPending}>
          Set up
        </Button>
      </Group>
    </Stack>
  );
}
