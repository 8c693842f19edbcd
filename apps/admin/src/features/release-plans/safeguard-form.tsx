import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { useExperiments } from '../experiments/use-experiments.ts';
import { notifySuccess } from '../../ui/notify.ts';
import type { Safeguard } from './release-plan-model.ts';
import {
  useSafeguardMutations,
  type PlanPlace,
  type SafeguardInput,
  type SafeguardTarget,
} from './use-release-plans.ts';

type ImpactMode = NonNullable<SafeguardInput['impactMetric']>['aggregationMode'];
type ExternalMode = NonNullable<SafeguardInput['externalMetric']>['aggregationMode'];
type TimeRange = NonNullable<SafeguardInput['impactMetric']>['timeRange'];
type ActionType = NonNullable<SafeguardInput['action']>['type'];

// Typed by the generated body, so a value the server does not take fails the type check.
const IMPACT_MODES: ImpactMode[] = ['count', 'rps', 'sum', 'avg', 'p50', 'p95', 'p99'];
const EXTERNAL_MODES: ExternalMode[] = ['last', 'avg', 'max', 'min'];
const TIME_RANGES: TimeRange[] = ['hour', 'day', 'week', 'month'];
const ACTIONS: { value: ActionType; label: string }[] = [
  { value: 'pauseReleasePlanProgressions', label: 'Pause the plan' },
  { value: 'turnOffEnvironment', label: 'Turn the flag off in this environment (and pause)' },
  { value: 'startPreviousMilestone', label: 'Go back one milestone (and pause)' },
];

type Source = 'impact' | 'external' | 'experiment';

/**
 * Adds a safeguard to a plan or to the flag environment, or changes one: what it watches, when it acts and (on a
 * plan) what it does; the flag environment's own safeguard always turns the environment off.
 */
export function SafeguardForm({
  place,
  target,
  safeguard,
  onDone,
}: {
  place: PlanPlace;
  target: SafeguardTarget;
  /** The safeguard to change; absent: a new one. */
  safeguard?: Safeguard;
  onDone: () => void;
}) {
  const { save: saveSafeguard } = useSafeguardMutations(place, target);
  const onPlan = target.kind === 'plan';
  const [source, setSource] = useState<Source>(
    safeguard?.experimentId !== undefined ? 'experiment' : safeguard?.externalQuery ? 'external' : 'impact',
  );
  const [experimentId, setExperimentId] = useState<string | null>(
    safeguard?.experimentId === undefined ? null : String(safeguard.experimentId),
  );
  const experiments = useExperiments({
    projectId: place.projectId,
    featureName: place.flagName,
    environment: place.environment,
  });
  const [metricName, setMetricName] = useState(safeguard?.metricName ?? '');
  const [impactMode, setImpactMode] = useState<ImpactMode>(
    (safeguard?.aggregationMode as ImpactMode | undefined) ?? 'count',
  );
  const [timeRange, setTimeRange] = useState<TimeRange>(
    (safeguard?.timeRange as TimeRange | undefined) ?? 'hour',
  );
  const [query, setQuery] = useState(safeguard?.externalQuery ?? '');
  const [externalMode, setExternalMode] = useState<ExternalMode>(
    (safeguard?.externalAggregation as ExternalMode | undefined) ?? 'avg',
  );
  const [windowMinutes, setWindowMinutes] = useState<number | string>(safeguard?.windowMinutes ?? 5);
  const [operator, setOperator] = useState<'>' | '<'>(safeguard?.operator === '<' ? '<' : '>');
  const [threshold, setThreshold] = useState<number | string>(safeguard?.threshold ?? '');
  const [action, setAction] = useState<ActionType>(
    (safeguard?.actionType as ActionType | undefined) ?? 'pauseReleasePlanProgressions',
  );
  const errors = fieldErrors(saveSafeguard.error);

  // An experiment's value is its number of breached guardrails: it acts on the first one.
  const body = (): SafeguardInput => ({
    ...(safeguard ? { id: safeguard.id } : {}),
    ...(source === 'impact'
      ? {
          impactMetric: {
            metricName: metricName.trim(),
            timeRange,
            aggregationMode: impactMode,
            labelSelectors: safeguard?.labelSelectors ?? {},
          },
        }
      : source === 'external'
        ? { externalMetric: { query: query.trim(), aggregationMode: externalMode } }
        : { experimentGuardrails: { experimentId: Number(experimentId) } }),
    ...(source !== 'experiment' && typeof windowMinutes === 'number' ? { windowMinutes } : {}),
    triggerCondition:
      source === 'experiment' ? { operator: '>', threshold: 0 } : { operator, threshold: Number(threshold) },
    action: { type: onPlan ? action : 'turnOffEnvironment' },
  });
  const incomplete =
    source === 'experiment'
      ? experimentId === null
      : threshold === '' || (source === 'impact' ? metricName.trim() === '' : query.trim() === '');

  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      aria-label={safeguard ? 'Edit safeguard' : 'New safeguard'}
      onSubmit={(event) => {
        event.preventDefault();
        saveSafeguard.mutate(body(), {
          onSuccess: (written) => {
            if (written === 'written')
              notifySuccess(safeguard ? 'Changed the safeguard' : 'Added the safeguard');
            onDone();
          },
        });
      }}
    >
      <Stack gap="xs">
        <SegmentedControl
          aria-label="What it watches"
          value={source}
          onChange={(value) => setSource(value as Source)}
          data={[
            { value: 'impact', label: 'Impact metric' },
            { value: 'external', label: 'External query (PromQL)' },
            { value: 'experiment', label: 'Experiment guardrails' },
          ]}
        />
        {source === 'experiment' ? (
          <Stack gap={4}>
            <Select
              label="Experiment"
              placeholder={experiments.isPending ? 'Loading…' : 'Pick an experiment'}
              data={(experiments.data?.experiments ?? []).map((each) => ({
                value: String(each.id),
                label: `${each.name} (${each.status})`,
              }))}
              value={experimentId}
              onChange={setExperimentId}
              error={
                errorFor(errors, 'experimentGuardrails') ??
                (experiments.isSuccess && experiments.data.experiments.length === 0
                  ? `No experiment on this flag in ${place.environment} yet`
                  : undefined)
              }
            />
            <Text size="sm">
              It acts when the experiment&apos;s results report a variant harming a guardrail metric, as the
              results page does; not while it collects data, and not once it stops.
            </Text>
          </Stack>
        ) : source === 'impact' ? (
          <Group grow align="flex-start">
            <TextInput
              label="Metric"
              placeholder="checkout_errors"
              value={metricName}
              onChange={(event) => setMetricName(event.currentTarget.value)}
              error={errorFor(errors, 'impactMetric')}
            />
            <Select
              label="Aggregation"
              data={IMPACT_MODES}
              value={impactMode}
              onChange={(value) => value && setImpactMode(value as ImpactMode)}
              allowDeselect={false}
            />
            <Select
              label="Time range"
              data={TIME_RANGES}
              value={timeRange}
              onChange={(value) => value && setTimeRange(value as TimeRange)}
              allowDeselect={false}
            />
          </Group>
        ) : (
          <Group grow align="flex-start">
            <Textarea
              label="Query"
              placeholder='sum(rate(http_requests_total{status=~"5.."}[1m]))'
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              error={errorFor(errors, 'externalMetric')}
              autosize
            />
            <Select
              label="Aggregation"
              data={EXTERNAL_MODES}
              value={externalMode}
              onChange={(value) => value && setExternalMode(value as ExternalMode)}
              allowDeselect={false}
            />
          </Group>
        )}
        {source !== 'experiment' && (
          <Group grow align="flex-start">
            <NumberInput
              label="Window (minutes)"
              min={1}
              max={1440}
              value={windowMinutes}
              onChange={setWindowMinutes}
              error={errorFor(errors, 'windowMinutes')}
            />
            <Select
              label="Operator"
              data={[
                { value: '>', label: 'above' },
                { value: '<', label: 'below' },
              ]}
              value={operator}
              onChange={(value) => value && setOperator(value as '>' | '<')}
              allowDeselect={false}
            />
            <NumberInput
              label="Threshold"
              value={threshold}
              onChange={setThreshold}
              error={errorFor(errors, 'triggerCondition')}
            />
          </Group>
        )}
        {onPlan ? (
          <Select
            label="When it triggers"
            data={ACTIONS}
            value={action}
            onChange={(value) => value && setAction(value as ActionType)}
            allowDeselect={false}
          />
        ) : (
          <Text size="sm">When it triggers, the flag is turned off in {place.environment}.</Text>
        )}
        {errors.form && (
          <Alert color="red" title="The safeguard was not saved">
            {errors.form}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="xs" loading={saveSafeguard.isPending} disabled={incomplete}>
            {safeguard ? 'Save safeguard' : 'Add safeguard'}
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
