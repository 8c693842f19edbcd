import { Alert, Button, Group, MultiSelect, Paper, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/query-state.tsx';
import { useContextFields } from '../context/use-context-fields.ts';
import { useEnvironments } from '../environments/use-environments.ts';
import { useProjects } from '../projects/use-projects.ts';
import { PlaygroundContextEditor } from './playground-context-editor.tsx';
import { PlaygroundResults } from './playground-results.tsx';
import { EMPTY_CONTEXT, toRequestContext, type PlaygroundContext } from './playground-types.ts';
import { usePlayground } from './use-playground.ts';
import { CompareInstants } from '../history/compare-instants.tsx';
import { fromLocalInput } from '../history/instant.ts';
import { TimeSlider } from '../history/time-slider.tsx';

/** Evaluates every flag for a context, in the chosen environments and projects, and explains the outcome. */
export function PlaygroundPage() {
  const environments = useEnvironments();
  const projects = useProjects();
  const contextFields = useContextFields();
  const [chosenEnvironments, setChosenEnvironments] = useState<string[]>(['development']);
  const [chosenProjects, setChosenProjects] = useState<string[]>([]);
  const [context, setContext] = useState<PlaygroundContext>(EMPTY_CONTEXT);
  const [asOf, setAsOf] = useState('');
  const run = usePlayground();
  return (
    <>
      <PageHeader title="Playground" description="See which flags a context gets, and why." />
      <Paper
        withBorder
        p="md"
        mb="md"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosenEnvironments.length)
            run.mutate({
              environments: chosenEnvironments,
              projects: chosenProjects,
              context: toRequestContext(context),
              at: fromLocalInput(asOf),
            });
        }}
        aria-label="Playground context"
      >
        <Stack>
          <Group grow align="flex-start">
            <MultiSelect
              label="Environments"
              data={(environments.data ?? []).map((e) => e.name)}
              value={chosenEnvironments}
              error={chosenEnvironments.length ? undefined : 'Choose at least one environment'}
              onChange={setChosenEnvironments}
            />
            <MultiSelect
              label="Projects"
              placeholder={chosenProjects.length ? undefined : 'All projects'}
              data={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              value={chosenProjects}
              onChange={setChosenProjects}
              clearable
            />
          </Group>
          <TextInput
            type="datetime-local"
            step={1}
            label="As of"
            description="Evaluate against the configuration SDKs were served at this time; empty for now."
            value={asOf}
            onChange={(e) => setAsOf(e.currentTarget.value)}
            w={320}
          />
          <TimeSlider value={asOf} onChange={setAsOf} />
          <PlaygroundContextEditor
            context={context}
            contextFields={contextFields.data ?? []}
            onChange={setContext}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={run.isPending} disabled={!chosenEnvironments.length}>
              Evaluate
            </Button>
          </Group>
        </Stack>
      </Paper>
      {run.error && (
        <Alert color="red" title="Could not evaluate">
          {run.error.message}
        </Alert>
      )}
      {run.data &&
        (Object.values(run.data).every((list) => list.length === 0) ? (
          <EmptyState>No flags in the chosen projects.</EmptyState>
        ) : (
          <PlaygroundResults results={run.data} />
        ))}
      <CompareInstants environments={(environments.data ?? []).map((e) => e.name)} />
    </>
  );
}
