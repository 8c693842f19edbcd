import type { Segment } from '../../api/wire.ts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { ConstraintListEditor } from '../constraints/constraint-list-editor.tsx';
import { toWireConstraint } from '../constraints/constraint-model.ts';
import { isConstraintValid } from '../constraints/constraint-validation.ts';
import { useDraftEnvironment } from '../change-requests/use-change-writer.ts';
import { useNameCheck } from '../../api/use-name-check.ts';
import { useContextFields } from '../context/use-context-fields.ts';
import { useSegmentMutations, useSegmentUsage } from './use-segments.ts';

/**
 * Create or edit a segment: a named list of constraints shared by many strategies. `project` makes a new segment
 * that project's own (only its flags may use it).
 */
export function SegmentFormModal({
  segment,
  project: newIn,
  onClose,
}: {
  segment?: Segment;
  project?: string;
  onClose: () => void;
}) {
  const project = segment ? segment.project : newIn;
  const [name, setName] = useState(segment?.name ?? '');
  const [description, setDescription] = useState(segment?.description ?? '');
  const [constraints, setConstraints] = useState(segment?.constraints ?? []);
  const [showProblems, setShowProblems] = useState(false);
  const contextFields = useContextFields();
  const usage = useSegmentUsage(segment?.id);
  const { save } = useSegmentMutations();
  // Creating a segment is never drafted; changing or deleting a project's segment is where change requests are on.
  const draftIn = useDraftEnvironment(segment ? project : undefined);
  const errors = fieldErrors(save.error);
  const taken = useNameCheck('validateSegment');
  const constraintErrors: Record<number, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^constraints\.(\d+)/.exec(key);
    if (match) constraintErrors[Number(match[1])] = message;
  }
  const submit = () => {
    setShowProblems(true);
    if (!name.trim() || !constraints.every(isConstraintValid)) return;
    save.mutate(
      {
        id: segment?.id,
        name: name.trim(),
        description,
        ...(project ? { project } : {}),
        constraints: constraints.map(toWireConstraint),
      },
      {
        onSuccess: (written) => {
          if (written === 'written') notifySuccess(`${segment ? 'Saved' : 'Created'} segment ${name}`);
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
      title={segment ? `Edit segment ${segment.name}` : project ? `New segment in ${project}` : 'New segment'}
    >
      <Stack>
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <TextInput
          label="Name"
          required
          value={name}
          error={
            (showProblems && !name.trim() ? 'A name is required' : undefined) ??
            taken.problem ??
            errorFor(errors, 'name')
          }
          onChange={(e) => {
            taken.clear();
            setName(e.currentTarget.value);
          }}
          // A renamed or new segment must not take another's name.
          onBlur={(e) => e.currentTarget.value !== segment?.name && void taken.check(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Text fw={600} size="sm">
          Constraints
        </Text>
        <ConstraintListEditor
          constraints={constraints}
          contextFields={contextFields.data ?? []}
          showProblems={showProblems}
          serverErrors={constraintErrors}
          onChange={setConstraints}
        />
        {draftIn && (
          <Alert color="blue" title="Change requests are on">
            This project segment changes through a change request: your edit joins your draft in {draftIn}.
          </Alert>
        )}
        {segment && (usage.data?.length ?? 0) > 0 && (
          <Alert color="yellow" title="Used by strategies">
            Changes apply at once to {usage.data!.length} strateg{usage.data!.length === 1 ? 'y' : 'ies'}:{' '}
            {usage.data!.map((u) => `${u.featureName} (${u.environment})`).join(', ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={submit}>
            {segment ? (draftIn ? 'Add to draft' : 'Save segment') : 'Create segment'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
