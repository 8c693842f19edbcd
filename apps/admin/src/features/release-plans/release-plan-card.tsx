import { Badge, Button, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { strategyDisplayName } from '@switchyard/rules';
import { useState } from 'react';
import type { PlanMilestone, ReleasePlan, Segment, StrategyDraft } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useDraftEnvironment } from '../change-requests/use-change-writer.ts';
import { summarizeStrategy } from '../strategies/strategy-summary.ts';
import { MilestoneCountdown } from './milestone-countdown.tsx';
import { MilestoneProgression } from './milestone-progression.tsx';
import {
  milestoneStates,
  nextTransition,
  pausedAt,
  safeguardsOf,
  sortedMilestones,
} from './release-plan-model.ts';
import { SafeguardStatus } from './safeguard-status.tsx';
import { useReleasePlanMutations, type PlanPlace } from './use-release-plans.ts';

const BADGE = {
  done: { color: 'gray', label: 'Done' },
  active: { color: 'dark', label: 'Active' },
  paused: { color: 'orange', label: 'Paused' },
  upcoming: { color: 'blue', label: 'Upcoming' },
} as const;

const asDraft = (strategy: PlanMilestone['strategies'][number]): StrategyDraft => ({
  name: strategy.strategyName,
  title: strategy.title ?? '',
  disabled: false,
  parameters: strategy.parameters,
  constraints: strategy.constraints as StrategyDraft['constraints'],
  segments: strategy.segments,
  variants: strategy.variants as StrategyDraft['variants'],
});

type Props = {
  place: PlanPlace;
  plan: ReleasePlan;
  segments: Segment[];
  canStart: boolean;
  canRemove: boolean;
};

/** A flag environment's release plan: its milestones in order, which is on, what comes next and when. */
export function ReleasePlanCard({ place, plan, segments, canStart, canRemove }: Props) {
  const { start, remove, pause, resume } = useReleasePlanMutations(place);
  const draftIn = useDraftEnvironment(place.projectId, place.environment);
  const [starting, setStarting] = useState<PlanMilestone | null>(null);
  const [removing, setRemoving] = useState(false);
  const milestones = sortedMilestones(plan);
  const states = milestoneStates(plan);
  const next = nextTransition(plan);
  const paused = pausedAt(plan);
  const safeguards = safeguardsOf(plan);
  const active = milestones.find((m) => m.id === plan.activeMilestoneId);
  const activeIndex = active ? milestones.indexOf(active) : -1;
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Release plan in ${place.environment}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={4} size="h5">
              Release plan: {plan.name}
            </Title>
            <Text size="sm" c="dimmed">
              {active
                ? `Milestone ${activeIndex + 1} of ${milestones.length} is on.`
                : 'No milestone started yet: start the first to put its strategies on.'}
            </Text>
          </Stack>
          <Group gap="xs">
            {canStart && active && (
              <Button
                size="xs"
                variant="default"
                loading={pause.isPending || resume.isPending}
                onClick={() =>
                  (paused ? resume : pause).mutate(plan.id, {
                    onSuccess: (written) => {
                      if (written === 'written')
                        notifySuccess(
                          paused
                            ? `Resumed the release plan in ${place.environment}`
                            : `Paused the release plan in ${place.environment}`,
                        );
                    },
                    onError: (error) => notifyError(error, paused ? 'resume the plan' : 'pause the plan'),
                  })
                }
              >
                {paused ? 'Resume' : 'Pause'}
              </Button>
            )}
            {canRemove && (
              <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(true)}>
                Remove plan
              </Button>
            )}
          </Group>
        </Group>
        {paused && (
          <Text size="sm" c="orange.9">
            Progression paused since {paused.toLocaleString()}: milestones start only by hand.
          </Text>
        )}
        {next && <MilestoneCountdown next={next} />}
        <Timeline bulletSize={18} lineWidth={2} aria-label={`Milestones of ${plan.name}`}>
          {milestones.map((milestone) => {
            const state = states.get(milestone.id) ?? 'upcoming';
            const after = milestones[milestones.indexOf(milestone) + 1];
            return (
              <Timeline.Item
                key={milestone.id}
                title={
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {milestone.name}
                    </Text>
                    <Badge
                      size="sm"
                      variant={state === 'active' ? 'filled' : 'light'}
                      color={BADGE[state].color}
                    >
                      {BADGE[state].label}
                    </Badge>
                    {canStart && state !== 'active' && state !== 'paused' && (
                      <Button size="compact-xs" variant="light" onClick={() => setStarting(milestone)}>
                        Start {milestone.name}
                      </Button>
                    )}
                  </Group>
                }
              >
                {milestone.strategies.map((strategy) => (
                  <Text key={strategy.id} size="sm">
                    {strategy.title || strategyDisplayName(strategy.strategyName)}:{' '}
                    {summarizeStrategy(asDraft(strategy), segments)}
                  </Text>
                ))}
                <Text size="xs" c="dimmed">
                  {milestone.startedAt
                    ? `Started ${new Date(milestone.startedAt).toLocaleString()}`
                    : 'Not started'}
                </Text>
                {after && (
                  <MilestoneProgression place={place} milestone={milestone} next={after} canEdit={canStart} />
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
        <SafeguardStatus
          safeguards={safeguards}
          place={place}
          target={{ kind: 'plan', planId: plan.id }}
          canEdit={canStart}
        />
      </Stack>
      {starting && (
        <ConfirmModal
          opened
          title={`Start ${starting.name} in ${place.environment}?`}
          confirmLabel={draftIn ? 'Add to draft' : `Start ${starting.name}`}
          loading={start.isPending}
          onClose={() => setStarting(null)}
          onConfirm={() =>
            start.mutate(
              { planId: plan.id, milestoneId: starting.id },
              {
                onSuccess: (written) => {
                  if (written === 'written')
                    notifySuccess(`Started ${starting.name} in ${place.environment}`);
                  setStarting(null);
                },
                onError: (error) => notifyError(error, `start ${starting.name}`),
              },
            )
          }
        >
          <Text size="sm">
            {active
              ? `The strategies ${active.name} put on ${place.flagName} in ${place.environment} are replaced by those of ${starting.name}.`
              : `The strategies of ${starting.name} are added to ${place.flagName} in ${place.environment}.`}{' '}
            SDKs get them with their next poll.
          </Text>
        </ConfirmModal>
      )}
      <ConfirmModal
        opened={removing}
        title={`Remove the release plan from ${place.environment}?`}
        confirmLabel={draftIn ? 'Add to draft' : 'Remove plan'}
        loading={remove.isPending}
        onClose={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(plan.id, {
            onSuccess: (written) => {
              if (written === 'written') notifySuccess(`Removed the release plan from ${place.environment}`);
              setRemoving(false);
            },
            onError: (error) => notifyError(error, 'remove the release plan'),
          })
        }
      >
        <Text size="sm">
          The plan and the strategies its active milestone put on {place.flagName} in {place.environment} are
          removed. The template it came from stays.
        </Text>
      </ConfirmModal>
    </Paper>
  );
}
