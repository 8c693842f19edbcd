import { Button, Group, Modal, Stack } from '@mantine/core';
import { segmentUsableIn } from '@switchyard/rules';
import { useState } from 'react';
import type { StrategyDraft } from '../../api/wire.ts';
import { fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useDraftEnvironment } from '../change-requests/use-change-writer.ts';
import { stickinessOptions, useContextFields } from '../context/use-context-fields.ts';
import { useSegments } from '../segments/use-segments.ts';
import { StrategyEditor } from '../strategies/strategy-editor.tsx';
import { BUILT_IN_STRATEGIES, definitionFor, strategyProblems } from '../strategies/strategy-model.ts';
import { useStrategyDefinitions } from '../strategies/use-strategy-definitions.ts';
import { useStrategyMutations } from './use-strategy-mutations.ts';

/** Adds or edits a strategy in one environment; checks it first and keeps the draft when the server refuses. */
export function StrategyModal({
  projectId,
  flagName,
  environment,
  initial,
  onClose,
}: {
  projectId: string;
  flagName: string;
  environment: string;
  initial: StrategyDraft;
  onClose: () => void;
}) {
  const [strategy, setStrategy] = useState(initial);
  const [showProblems, setShowProblems] = useState(false);
  const definitions = useStrategyDefinitions();
  const contextFields = useContextFields();
  const segments = useSegments();
  const { save } = useStrategyMutations(projectId, flagName);
  const draftIn = useDraftEnvironment(projectId, environment);
  const list = definitions.data?.length ? definitions.data : BUILT_IN_STRATEGIES;
  const problems = strategyProblems(strategy, definitionFor(strategy.name, list));
  const errors = { ...fieldErrors(save.error), ...(showProblems ? problems : {}) };

  const submit = () => {
    setShowProblems(true);
    if (Object.keys(problems).length) return;
    save.mutate(
      { environment, strategy },
      {
        onSuccess: (written) => {
          if (written === 'written')
            notifySuccess(`${initial.id ? 'Saved' : 'Added'} the strategy in ${environment}`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={`${initial.id ? 'Edit' : 'Add'} strategy · ${flagName} in ${environment}`}
    >
      <Stack>
        <StrategyEditor
          strategy={strategy}
          flagName={flagName}
          definitions={list}
          contextFields={contextFields.data ?? []}
          segments={(segments.data ?? []).filter((segment) => segmentUsableIn(segment.project, projectId))}
          stickinessOptions={stickinessOptions(contextFields.data)}
          errors={errors}
          showProblems={showProblems}
          canChangeType={!initial.id}
          onChange={setStrategy}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {draftIn ? 'Add to draft' : 'Save strategy'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
