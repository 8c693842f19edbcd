import { Anchor, Button, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Segment } from '../../api/wire.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { ErrorState } from '../../ui/query-state.tsx';
import { useDraftEnvironment } from '../change-requests/use-change-writer.ts';
import { useReleaseTemplates } from '../release-templates/use-release-templates.ts';
import { usePermissions } from '../session/use-permissions.ts';
import { EnvironmentSafeguards } from './environment-safeguards.tsx';
import { ReleasePlanCard } from './release-plan-card.tsx';
import { useReleasePlanMutations, useReleasePlans, type PlanPlace } from './use-release-plans.ts';

/**
 * The release plan part of a flag environment: the plan when there is one, else a way to add one from a template;
 * and the environment's own safeguards, which need no plan.
 */
export function ReleasePlanSection({
  place,
  segments,
  editable,
}: {
  place: PlanPlace;
  segments: Segment[];
  editable: boolean;
}) {
  const { can } = usePermissions();
  const here = { project: place.projectId, environment: place.environment };
  const plans = useReleasePlans(place);
  const draftIn = useDraftEnvironment(place.projectId, place.environment);
  const canAdd = editable && can('CREATE_FEATURE_STRATEGY', here);
  if (plans.isPending) return null;
  if (plans.error)
    return <ErrorState label="the release plan" error={plans.error} retry={() => plans.refetch()} />;
  const plan = plans.data[0];
  return (
    <>
      {draftIn && (plan || canAdd) && (
        <Text size="sm" c="dimmed">
          Change requests are on in {place.environment}: the buttons here add the change to your draft for
          review; nothing changes until the change request is applied.
        </Text>
      )}
      {plan ? (
        <ReleasePlanCard
          place={place}
          plan={plan}
          segments={segments}
          canStart={editable && can('UPDATE_FEATURE_STRATEGY', here)}
          canRemove={editable && can('DELETE_FEATURE_STRATEGY', here)}
        />
      ) : (
        canAdd && <AddReleasePlan place={place} />
      )}
      <EnvironmentSafeguards
        place={place}
        canEdit={editable && can('UPDATE_FEATURE_STRATEGY', here)}
        besidePlan={plan !== undefined}
      />
    </>
  );
}

function AddReleasePlan({ place }: { place: PlanPlace }) {
  const [open, setOpen] = useState(false);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const templates = useReleaseTemplates();
  const { add } = useReleasePlanMutations(place);
  if (!open)
    return (
      <Group>
        <Button size="xs" variant="default" onClick={() => setOpen(true)}>
          Add release plan
        </Button>
      </Group>
    );
  const list = templates.data ?? [];
  // The plan is a copy of its template and takes its name.
  const chosen = list.find((t) => t.id === templateId);
  if (templates.isSuccess && list.length === 0)
    return (
      <Text size="sm">
        No release templates yet.{' '}
        <Anchor component={Link} to="/release-templates/new">
          Create one
        </Anchor>{' '}
        to roll this flag out in milestones.
      </Text>
    );
  return (
    <Group align="flex-end">
      <Select
        label={`Release template for ${place.environment}`}
        placeholder={templates.isPending ? 'Loading…' : 'Pick a template'}
        data={list.map((t) => ({ value: t.id, label: t.name }))}
        value={templateId}
        onChange={setTemplateId}
        w={280}
      />
      <Button
        size="sm"
        disabled={!templateId}
        loading={add.isPending}
        onClick={() =>
          templateId &&
          add.mutate(templateId, {
            onSuccess: (written) => {
              if (written === 'written')
                notifySuccess(`Added the release plan ${chosen?.name ?? templateId} in ${place.environment}`);
              setOpen(false);
            },
            onError: (error) => notifyError(error, 'add the release plan'),
          })
        }
      >
        Add plan
      </Button>
      <Button size="sm" variant="default" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </Group>
  );
}
