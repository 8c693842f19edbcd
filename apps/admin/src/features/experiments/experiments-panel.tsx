import {
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
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
import { ExperimentResults } from './experiment-results.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useImpactMetricsMetadata } from '../impact-metrics/use-impact-metrics.ts';
import { useExperimentActions, useExperiments, type FlagEnvironment } from './use-experiments.ts';

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

function ExperimentSetUp({ place, variants }: { place: FlagEnvironment; variants: string[] }) {
  const { create } = useExperimentActions(place);
  const [name, setName] = useState('');
  const [hypothesis, setHypothesis] = useState('');
  const [control, setControl] = useState<string | null>(variants[0] ?? null);
  const [primary, setPrimary] = useState('');
  const [kind, setKind] = useState<'conversion' | 'mean' | 'impact'>('conversion');
  const [guardrails, setGuardrails] = useState('');
  const [impactGuardrails, setImpactGuardrails] = useState<string[]>([]);
  const metadata = useImpactMetricsMetadata();
  // Only counters: an experiment compares their increments per exposed user.
  const counters = Object.values(metadata.data?.series ?? {})
    .filter((series) => series.type === 'counter')
    .map((series) => series.displayName);
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
              ...impactGuardrails.map((event) => ({
                event,
                kind: 'impact' as const,
                role: 'guardrail' as const,
                direction: 'decrease' as const,
              })),
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
        {kind === 'impact' ? (
          <Select
            label="Primary metric (impact counter)"
            description="Increments labelled with this flag's variant, per exposed user"
            required
            searchable
            data={counters}
            value={primary || null}
            onChange={(value) => setPrimary(value ?? '')}
            nothingFoundMessage="No counter reported yet"
            error={errors.metrics}
          />
        ) : (
          <TextInput
            label="Primary metric (tracked event)"
            required
            value={primary}
            onChange={(e) => setPrimary(e.currentTarget.value)}
            error={errors.metrics}
          />
        )}
        <SegmentedControl
          aria-label="Metric kind"
          value={kind}
          onChange={(value) => {
            setKind(value as 'conversion' | 'mean' | 'impact');
            setPrimary('');
          }}
          data={[
            { value: 'conversion', label: 'Conversion' },
            { value: 'mean', label: 'Mean value' },
            { value: 'impact', label: 'Impact metric' },
          ]}
        />
      </Group>
      <TextInput
        label="Guardrail events (comma-separated, conversion)"
        value={guardrails}
        onChange={(e) => setGuardrails(e.currentTarget.value)}
      />
      <MultiSelect
        label="Guardrail impact counters (lower is better)"
        searchable
        data={counters}
        value={impactGuardrails}
        onChange={setImpactGuardrails}
      />
      <Group>
        <Button type="submit" loading={create.isPending}>
          Set up
        </Button>
      </Group>
    </Stack>
  );
}
