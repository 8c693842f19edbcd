import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Segment } from '../../api/wire.ts';
import { MilestoneEditor } from './milestone-editor.tsx';
import { MilestoneStrategyModal } from './milestone-strategy-modal.tsx';
import {
  newMilestone,
  newMilestoneStrategy,
  problemsUnder,
  type MilestoneDraft,
  type ReleaseTemplateDraft,
} from './release-template-model.ts';

type Props = {
  draft: ReleaseTemplateDraft;
  segments: Segment[];
  /** Problems found before sending and the server's, keyed `name`, `milestones.0.name`… */
  problems: Record<string, string>;
  readOnly: boolean;
  onChange: (draft: ReleaseTemplateDraft) => void;
};

/** A release template's name, description and ordered milestones, each with its strategies. */
export function ReleaseTemplateEditor({ draft, segments, problems, readOnly, onChange }: Props) {
  const [editing, setEditing] = useState<{ milestone: number; strategy: number | 'new' } | null>(null);
  const milestones = draft.milestones;
  const setMilestones = (next: MilestoneDraft[]) => onChange({ ...draft, milestones: next });
  const setMilestone = (index: number, milestone: MilestoneDraft) =>
    setMilestones(milestones.map((m, i) => (i === index ? milestone : m)));
  const move = (from: number, to: number) => {
    const next = [...milestones];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setMilestones(next);
  };
  const editedMilestone = editing ? milestones[editing.milestone] : undefined;
  return (
    <Stack>
      {problems.form && <Alert color="red">{problems.form}</Alert>}
      <TextInput
        label="Name"
        required
        value={draft.name}
        readOnly={readOnly}
        error={problems.name}
        onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={draft.description}
        readOnly={readOnly}
        error={problems.description}
        onChange={(e) => onChange({ ...draft, description: e.currentTarget.value })}
      />
      {problems.milestones && (
        <Alert color="red" role="alert">
          {problems.milestones}
        </Alert>
      )}
      {milestones.map((milestone, index) => (
        <MilestoneEditor
          key={milestone.key}
          milestone={milestone}
          index={index}
          count={milestones.length}
          segments={segments}
          problems={problemsUnder(problems, `milestones.${index}`)}
          readOnly={readOnly}
          onChange={(changed) => setMilestone(index, changed)}
          onMove={(to) => move(index, to)}
          onRemove={() => setMilestones(milestones.filter((_, i) => i !== index))}
          onEditStrategy={(strategy) => setEditing({ milestone: index, strategy })}
        />
      ))}
      {!readOnly && (
        <Group>
          <Button
            variant="default"
            onClick={() => setMilestones([...milestones, newMilestone(`Milestone ${milestones.length + 1}`)])}
          >
            Add milestone
          </Button>
        </Group>
      )}
      {editing && editedMilestone && (
        <MilestoneStrategyModal
          milestoneName={editedMilestone.name}
          isNew={editing.strategy === 'new'}
          initial={
            editing.strategy === 'new'
              ? newMilestoneStrategy()
              : editedMilestone.strategies[editing.strategy]!
          }
          onClose={() => setEditing(null)}
          onSave={(strategy) => {
            const strategies =
              editing.strategy === 'new'
                ? [...editedMilestone.strategies, strategy]
                : editedMilestone.strategies.map((s, i) => (i === editing.strategy ? strategy : s));
            setMilestone(editing.milestone, { ...editedMilestone, strategies });
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
