import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';
import type { ChangeInput } from '../change-requests/change-request-types.ts';
import { useChangeWriter } from '../change-requests/use-change-writer.ts';
import { flagKey } from '../flags/use-flag.ts';

/** What a safeguard is set with: Unleash's body, with Switchyard's external metric, window and action. */
export type SafeguardInput = RequestOf<'changeReleasePlanSafeguard'>;

/** A progression as the UI sets it: from a milestone to the next, after a wait in minutes. */
export type ProgressionInput = { sourceMilestone: string; targetMilestone: string; intervalMinutes: number };

export type PlanPlace = { projectId: string; flagName: string; environment: string };

const plansKey = ({ projectId, flagName, environment }: PlanPlace) =>
  ['release-plans', projectId, flagName, environment] as const;
const paramsOf = ({ projectId, flagName, environment }: PlanPlace) => ({
  projectId,
  featureName: flagName,
  environment,
});

/** The release plan of a flag environment (the server keeps at most one), refreshed so progression shows. */
export function useReleasePlans(place: PlanPlace) {
  return useQuery({
    queryKey: plansKey(place),
    queryFn: () => call('getReleasePlans', { params: paramsOf(place) }),
    refetchInterval: 30_000,
  });
}

/**
 * A release plan or safeguard step through the change writer: written directly, or, where change requests are on in
 * the plan's environment, drafted there as the change-request action it stands for. Resolves to 'written' or
 * 'drafted', so callers say "done" only for a direct write (the writer announces a draft itself).
 */
function usePlanWriter(place: PlanPlace) {
  const write = useChangeWriter();
  return (action: ChangeInput['action'], payload: unknown, direct: () => Promise<unknown>) =>
    write({
      project: place.projectId,
      environment: place.environment,
      changes: { feature: place.flagName, action, payload },
      direct,
    });
}

/** Adding, starting and removing change the flag environment's strategies too, so the flag is read again. */
export function useReleasePlanMutations(place: PlanPlace) {
  const queryClient = useQueryClient();
  const write = usePlanWriter(place);
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: plansKey(place) });
    void queryClient.invalidateQueries({ queryKey: flagKey(place.projectId, place.flagName) });
  };
  const params = paramsOf(place);
  return {
    add: useMutation({
      mutationFn: (templateId: string) =>
        write('addReleasePlan', { templateId }, () =>
          call('addReleasePlan', { params, body: { templateId } }),
        ),
      onSuccess,
    }),
    start: useMutation({
      mutationFn: ({ planId, milestoneId }: { planId: string; milestoneId: string }) =>
        write('startMilestone', { planId, milestoneId }, () =>
          call('startMilestone', { params: { ...params, planId, milestoneId } }),
        ),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (planId: string) =>
        write('deleteReleasePlan', { planId }, () =>
          call('removeReleasePlan', { params: { ...params, planId } }),
        ),
      onSuccess,
    }),
    /** Sets when the milestone after `sourceMilestone` starts by itself: `intervalMinutes` after it started. */
    setProgression: useMutation({
      mutationFn: ({ sourceMilestone, targetMilestone, intervalMinutes }: ProgressionInput) =>
        write(
          'changeMilestoneProgression',
          { sourceMilestone, targetMilestone, transitionCondition: { intervalMinutes } },
          () =>
            call('changeMilestoneProgression', {
              params: { ...params, sourceMilestoneId: sourceMilestone },
              body: { targetMilestone, transitionCondition: { intervalMinutes } },
            }),
        ),
      onSuccess,
    }),
    /** Leaves the milestone after `sourceMilestone` to be started by hand. */
    removeProgression: useMutation({
      mutationFn: (sourceMilestone: string) =>
        write('deleteMilestoneProgression', { sourceMilestone }, () =>
          call('deleteMilestoneProgression', { params: { ...params, sourceMilestoneId: sourceMilestone } }),
        ),
      onSuccess,
    }),
    pause: useMutation({
      mutationFn: (planId: string) =>
        write('pauseMilestoneProgression', { planId }, () =>
          call('pauseMilestoneProgressions', { params: { ...params, planId } }),
        ),
      onSuccess,
    }),
    resume: useMutation({
      mutationFn: (planId: string) =>
        write('resumeMilestoneProgression', { planId }, () =>
          call('resumeMilestoneProgressions', { params: { ...params, planId } }),
        ),
      onSuccess,
    }),
  };
}

/** Whose safeguard it is: a release plan's, or the flag environment's own (whose one action turns it off). */
export type SafeguardTarget = { kind: 'plan'; planId: string } | { kind: 'environment' };

const environmentSafeguardsKey = (place: PlanPlace) => ['safeguards', ...plansKey(place).slice(1)] as const;

/** The flag environment's own safeguards, refreshed so a triggered one shows. */
export function useEnvironmentSafeguards(place: PlanPlace) {
  return useQuery({
    queryKey: environmentSafeguardsKey(place),
    queryFn: () => call('getFeatureEnvSafeguards', { params: paramsOf(place) }),
    refetchInterval: 30_000,
  });
}

/**
 * Saving and removing a safeguard of a plan or of the flag environment, drafted where change requests are on; the
 * flag is read again after either.
 */
export function useSafeguardMutations(place: PlanPlace, target: SafeguardTarget) {
  const queryClient = useQueryClient();
  const write = usePlanWriter(place);
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: plansKey(place) });
    void queryClient.invalidateQueries({ queryKey: environmentSafeguardsKey(place) });
    void queryClient.invalidateQueries({ queryKey: flagKey(place.projectId, place.flagName) });
  };
  const params = paramsOf(place);
  return {
    save: useMutation({
      mutationFn: (safeguard: SafeguardInput) =>
        target.kind === 'plan'
          ? write('changeSafeguard', { planId: target.planId, safeguard }, () =>
              call('changeReleasePlanSafeguard', {
                params: { ...params, planId: target.planId },
                body: safeguard,
              }),
            )
          : write('changeFeatureEnvSafeguard', { safeguard }, () =>
              call('changeFeatureEnvSafeguard', { params, body: safeguard }),
            ),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (safeguardId: string) =>
        target.kind === 'plan'
          ? write('deleteSafeguard', { planId: target.planId, safeguardId }, () =>
              call('deleteReleasePlanSafeguard', {
                params: { ...params, planId: target.planId, safeguardId },
              }),
            )
          : write('deleteFeatureEnvSafeguard', { safeguardId }, () =>
              call('deleteFeatureEnvSafeguard', { params: { ...params, safeguardId } }),
            ),
      onSuccess,
    }),
  };
}
