import { Text } from '@mantine/core';
import { ErrorState } from '../../ui/query-state.tsx';
import { toSafeguards } from './release-plan-model.ts';
import { SafeguardStatus } from './safeguard-status.tsx';
import { useEnvironmentSafeguards, type PlanPlace } from './use-release-plans.ts';

/**
 * The flag environment's own safeguards, for a flag rolled out without a release plan: each watches a metric and
 * turns the environment off when it crosses its threshold.
 */
export function EnvironmentSafeguards({
  place,
  canEdit,
  besidePlan,
}: {
  place: PlanPlace;
  canEdit: boolean;
  /** A release plan is shown above: its own safeguards are the place for new ones, so only existing ones show. */
  besidePlan: boolean;
}) {
  const safeguards = useEnvironmentSafeguards(place);
  if (safeguards.isPending)
    return (
      <Text size="sm" c="dimmed">
        Loading the safeguards…
      </Text>
    );
  if (safeguards.error)
    return <ErrorState label="the safeguards" error={safeguards.error} retry={() => safeguards.refetch()} />;
  const list = toSafeguards(safeguards.data);
  if (besidePlan && list.length === 0) return null;
  return (
    <SafeguardStatus
      safeguards={list}
      place={place}
      target={{ kind: 'environment' }}
      canEdit={canEdit}
      label={`Safeguards of ${place.environment}`}
    />
  );
}
