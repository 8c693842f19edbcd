import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useDraftEnvironment } from '../change-requests/use-change-writer.ts';
import { ImpactMetricPanel } from '../impact-metrics/impact-metric-panel.tsx';
import type { Safeguard } from './release-plan-model.ts';
import { SafeguardForm } from './safeguard-form.tsx';
import { useSafeguardMutations, type PlanPlace, type SafeguardTarget } from './use-release-plans.ts';

const triggered = (safeguard: Safeguard) =>
  safeguard.triggeredAt !== undefined || /trigger/i.test(safeguard.status ?? '');

/** "p95 of checkout_latency over the last hour > 0.8": what a safeguard watches, in one line. */
export function describeSafeguard(safeguard: Safeguard): string {
  if (safeguard.experimentId !== undefined)
    return `a guardrail of experiment #${safeguard.experimentId} breached`;
  const metric = safeguard.metricName ?? safeguard.externalQuery ?? 'a metric';
  const mode = safeguard.aggregationMode ?? safeguard.externalAggregation;
  const reading = mode ? `${mode} of ${metric}` : metric;
  const window = safeguard.timeRange
    ? ` over the last ${safeguard.timeRange}`
    : safeguard.windowMinutes
      ? ` over ${safeguard.windowMinutes} min`
      : '';
  const condition =
    safeguard.operator && safeguard.threshold !== undefined
      ? ` ${safeguard.operator} ${safeguard.threshold}`
      : '';
  return `${reading}${window}${condition}`;
}

/**
 * A release plan's safeguards, or a flag environment's own: what each watches, whether it has stopped the rollout,
 * and the metric's chart; with `canEdit`, a way to add, change and remove them.
 */
export function SafeguardStatus({
  safeguards,
  place,
  target,
  canEdit,
  label = 'Safeguards',
}: {
  safeguards: Safeguard[];
  place: PlanPlace;
  target: SafeguardTarget;
  canEdit: boolean;
  label?: string;
}) {
  const { remove: deleteSafeguard } = useSafeguardMutations(place, target);
  const draftIn = useDraftEnvironment(place.projectId, place.environment);
  const [editing, setEditing] = useState<Safeguard | 'new' | null>(null);
  const [removing, setRemoving] = useState<Safeguard | null>(null);
  if (safeguards.length === 0 && !canEdit) return null;
  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {label}
        </Text>
        {canEdit && editing === null && (
          <Button size="compact-xs" variant="light" onClick={() => setEditing('new')}>
            Add safeguard
          </Button>
        )}
      </Group>
      {editing === 'new' && <SafeguardForm place={place} target={target} onDone={() => setEditing(null)} />}
      {safeguards.map((safeguard) =>
        editing !== 'new' && editing?.id === safeguard.id ? (
          <SafeguardForm
            key={safeguard.id}
            place={place}
            target={target}
            safeguard={safeguard}
            onDone={() => setEditing(null)}
          />
        ) : (
          <Paper key={safeguard.id} withBorder p="xs">
            <Stack gap={4}>
              <Group gap="xs" justify="space-between">
                <Group gap="xs">
                  {/* Filled in dark shades that keep white text above WCAG AA contrast (green.9 falls just short). */}
                  <Badge color={triggered(safeguard) ? 'red.9' : 'teal.9'} variant="filled">
                    {triggered(safeguard) ? 'Triggered' : (safeguard.status ?? 'Watching')}
                  </Badge>
                  <Text size="sm">{describeSafeguard(safeguard)}</Text>
                </Group>
                {canEdit && (
                  <Group gap={4}>
                    <Button size="compact-xs" variant="subtle" onClick={() => setEditing(safeguard)}>
                      Edit
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setRemoving(safeguard)}
                    >
                      Remove
                    </Button>
                  </Group>
                )}
              </Group>
              {(safeguard.reason || safeguard.triggeredAt) && (
                <Text size="sm" c="red.8">
                  {safeguard.reason ?? 'Stopped the rollout'}
                  {safeguard.triggeredAt && ` · ${safeguard.triggeredAt.toLocaleString()}`}
                </Text>
              )}
              {safeguard.metricName && (
                <ImpactMetricPanel
                  flagName={place.flagName}
                  initialMetric={safeguard.metricName}
                  initialMode={safeguard.aggregationMode}
                  initialRange={safeguard.timeRange}
                  threshold={safeguard.threshold === undefined ? undefined : { value: safeguard.threshold }}
                />
              )}
            </Stack>
          </Paper>
        ),
      )}
      <ConfirmModal
        opened={removing !== null}
        title="Remove the safeguard?"
        confirmLabel={draftIn ? 'Add to draft' : 'Remove safeguard'}
        loading={deleteSafeguard.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          deleteSafeguard.mutate(removing.id, {
            onSuccess: (written) => {
              if (written === 'written') notifySuccess('Removed the safeguard');
              setRemoving(null);
            },
            onError: (error) => notifyError(error, 'remove the safeguard'),
          })
        }
      >
        <Text size="sm">
          Nothing watches {removing ? describeSafeguard(removing) : 'it'} for this rollout any more.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
