import { Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PlanMilestone } from '../../api/wire.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useDraftEnvironment } from '../change-requests/use-change-writer.ts';
import {
  INTERVAL_UNITS,
  intervalInputProblem,
  intervalMinutesOf,
  progressionText,
  toIntervalInput,
  type IntervalInput,
  type IntervalUnit,
} from './release-plan-model.ts';
import { useReleasePlanMutations, type PlanPlace } from './use-release-plans.ts';

type Props = {
  place: PlanPlace;
  milestone: PlanMilestone;
  /** The milestone a progression set here starts. */
  next: PlanMilestone;
  canEdit: boolean;
};

const UNIT_OPTIONS = (Object.keys(INTERVAL_UNITS) as IntervalUnit[]).map((unit) => ({
  value: unit,
  label: unit,
}));

/**
 * Whether the milestone after this one starts by itself, and when; with a way to set, change or remove that, which
 * is drafted into the change request where change requests are on.
 */
export function MilestoneProgression({ place, milestone, next, canEdit }: Props) {
  const { setProgression, removeProgression } = useReleasePlanMutations(place);
  const draftIn = useDraftEnvironment(place.projectId, place.environment);
  const [editing, setEditing] = useState(false);
  const interval = milestone.transitionCondition?.intervalMinutes;
  return (
    <Group gap="xs" role="group" aria-label={`Progression after ${milestone.name}`}>
      <Text size="xs" c="dimmed">
        {progressionText(interval)}
      </Text>
      {canEdit && (
        <>
          <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
            {interval ? 'Change progression' : 'Set progression'}
          </Button>
          {interval !== undefined && interval !== null && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={removeProgression.isPending}
              onClick={() =>
                removeProgression.mutate(milestone.id, {
                  onSuccess: (written) => {
                    if (written === 'written')
                      notifySuccess(`${next.name} now starts only by hand in ${place.environment}`);
                  },
                  onError: (error) => notifyError(error, 'remove the progression'),
                })
              }
            >
              Remove progression
            </Button>
          )}
        </>
      )}
      {editing && (
        <ProgressionModal
          milestone={milestone}
          next={next}
          confirmLabel={draftIn ? 'Add to draft' : 'Save progression'}
          loading={setProgression.isPending}
          onClose={() => setEditing(false)}
          onSave={(intervalMinutes) =>
            setProgression.mutate(
              { sourceMilestone: milestone.id, targetMilestone: next.id, intervalMinutes },
              {
                onSuccess: (written) => {
                  if (written === 'written')
                    notifySuccess(`${next.name} now starts by itself in ${place.environment}`);
                  setEditing(false);
                },
                onError: (error) => notifyError(error, 'set the progression'),
              },
            )
          }
        />
      )}
    </Group>
  );
}

function ProgressionModal({
  milestone,
  next,
  confirmLabel,
  loading,
  onClose,
  onSave,
}: {
  milestone: PlanMilestone;
  next: PlanMilestone;
  confirmLabel: string;
  loading: boolean;
  onClose: () => void;
  onSave: (intervalMinutes: number) => void;
}) {
  const [input, setInput] = useState<IntervalInput>(() =>
    toIntervalInput(milestone.transitionCondition?.intervalMinutes),
  );
  const problem = intervalInputProblem(input);
  return (
    <Modal opened title={`Start ${next.name} by itself`} onClose={onClose}>
      <form
        aria-label={`Progression after ${milestone.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          if (!problem) onSave(intervalMinutesOf(input));
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {next.name} starts by itself this long after {milestone.name} started (counted from a resume when
            the plan was paused).
          </Text>
          <Group align="flex-start" grow>
            <NumberInput
              label="Wait"
              data-autofocus
              min={0}
              value={input.amount}
              onChange={(value) => setInput({ ...input, amount: typeof value === 'number' ? value : '' })}
              error={input.amount === '' ? undefined : problem}
            />
            <Select
              label="Unit"
              data={UNIT_OPTIONS}
              value={input.unit}
              allowDeselect={false}
              onChange={(value) => value && setInput({ ...input, unit: value as IntervalUnit })}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={problem !== undefined} loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
