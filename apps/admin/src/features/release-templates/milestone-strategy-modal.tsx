import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import type { StrategyDraft } from '../../api/wire.ts';
import { stickinessOptions, useContextFields } from '../context/use-context-fields.ts';
import { useSegments } from '../segments/use-segments.ts';
import { StrategyEditor } from '../strategies/strategy-editor.tsx';
import { BUILT_IN_STRATEGIES, definitionFor, strategyProblems } from '../strategies/strategy-model.ts';
import { useStrategyDefinitions } from '../strategies/use-strategy-definitions.ts';
import { milestoneDefinitions } from './release-template-model.ts';

/** Adds or edits one strategy of a milestone with the flag page's strategy editor; the template saves it. */
export function MilestoneStrategyModal({
  milestoneName,
  initial,
  isNew,
  onSave,
  onClose,
}: {
  milestoneName: string;
  initial: StrategyDraft;
  isNew: boolean;
  onSave: (strategy: StrategyDraft) => void;
  onClose: () => void;
}) {
  const [strategy, setStrategy] = useState(initial);
  const [showProblems, setShowProblems] = useState(false);
  const definitions = useStrategyDefinitions();
  const contextFields = useContextFields();
  const segments = useSegments();
  const list = milestoneDefinitions(definitions.data?.length ? definitions.data : BUILT_IN_STRATEGIES);
  const problems = strategyProblems(strategy, definitionFor(strategy.name, list));
  const submit = () => {
    setShowProblems(true);
    if (Object.keys(problems).length === 0) onSave(strategy);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={`${isNew ? 'Add' : 'Edit'} strategy · milestone ${milestoneName || 'without a name'}`}
    >
      <Stack>
        <StrategyEditor
          strategy={strategy}
          flagName=""
          definitions={list}
          contextFields={contextFields.data ?? []}
          // A template serves every project: only segments every project may use.
          segments={(segments.data ?? []).filter((segment) => !segment.project)}
          stickinessOptions={stickinessOptions(contextFields.data)}
          errors={showProblems ? problems : {}}
          showProblems={showProblems}
          canChangeType={isNew}
          showActive={false}
          onChange={setStrategy}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit}>{isNew ? 'Add to milestone' : 'Keep changes'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
