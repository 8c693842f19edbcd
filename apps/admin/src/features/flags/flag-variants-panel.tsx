import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Flag, Variant } from '../../api/wire.ts';
import { fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { stickinessOptions, useContextFields } from '../context/use-context-fields.ts';
import { useDraftEnvironment } from '../change-requests/use-change-writer.ts';
import { VariantsEditor } from '../strategies/variants-editor.tsx';
import { variantsProblem } from '../strategies/variants-problem.ts';
import { useFlagActions } from './use-flag-actions.ts';

/** Flag-level variants per environment, used when the matching strategy has none of its own. */
export function FlagVariantsPanel({ flag, canEdit }: { flag: Flag; canEdit: boolean }) {
  const [environment, setEnvironment] = useState(flag.environments[0]?.name ?? '');
  const current = flag.environments.find((e) => e.name === environment);
  return (
    <Paper withBorder p="md" component="section" aria-label="Variants">
      <Text size="sm" c="dimmed" mb="sm">
        Strategy variants take precedence; these apply when the strategy that turns the flag on has none.
      </Text>
      {flag.environments.length > 1 && (
        <SegmentedControl
          mb="sm"
          aria-label="Environment"
          value={environment}
          onChange={setEnvironment}
          data={flag.environments.map((e) => e.name)}
        />
      )}
      {current && (
        <EnvironmentVariants
          key={environment}
          flag={flag}
          environment={environment}
          initial={current.variants ?? flag.variants ?? []}
          canEdit={canEdit}
        />
      )}
    </Paper>
  );
}

function EnvironmentVariants({
  flag,
  environment,
  initial,
  canEdit,
}: {
  flag: Flag;
  environment: string;
  initial: Variant[];
  canEdit: boolean;
}) {
  const [variants, setVariants] = useState(initial);
  const [showProblems, setShowProblems] = useState(false);
  const contextFields = useContextFields();
  const { saveVariants } = useFlagActions(flag.project, flag.name);
  const errors = fieldErrors(saveVariants.error);
  const draftIn = useDraftEnvironment(flag.project, environment);
  if (!canEdit)
    return (
      <Stack gap={4}>
        {initial.length === 0 && <Text size="sm">No variants in {environment}.</Text>}
        {initial.map((v) => (
          <Text key={v.name} size="sm">
            {v.name}: {v.weight / 10}%{v.payload ? ` · ${v.payload.type} payload` : ''}
          </Text>
        ))}
      </Stack>
    );
  const save = () => {
    setShowProblems(true);
    if (variantsProblem(variants)) return;
    saveVariants.mutate(
      { environment, variants },
      {
        onSuccess: (written) => {
          if (written === 'written') notifySuccess(`Saved the variants in ${environment}`);
        },
      },
    );
  };
  return (
    <Stack>
      {Object.values(errors)[0] && <Alert color="red">{Object.values(errors)[0]}</Alert>}
      <VariantsEditor
        variants={variants}
        stickinessOptions={stickinessOptions(contextFields.data)}
        showProblems={showProblems}
        onChange={setVariants}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setVariants(initial)}>
          Undo changes
        </Button>
        <Button onClick={save} loading={saveVariants.isPending}>
          {draftIn ? 'Add to draft' : 'Save variants'}
        </Button>
      </Group>
    </Stack>
  );
}
