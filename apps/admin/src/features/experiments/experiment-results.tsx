import { CompositeChart } from '@mantine/charts';
import { Badge, Box, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { QueryState } from '../../ui/query-state.tsx';
import {
  intervalPlot,
  kindLabel,
  liftRows,
  liftSummary,
  liftVariants,
  percent,
  showOf,
  verdictLine,
  type ExperimentResultsData,
} from './experiment-result-series.ts';
import { useExperimentResults, type FlagEnvironment } from './use-experiments.ts';

/** Lines and bands per variant; chart strokes keep 3:1 against white, text stays in the default colour. */
const COLORS = ['blue.7', 'teal.8', 'grape.7', 'orange.8', 'indigo.7'];
const BORDER: Record<string, string> = {
  winner: 'var(--mantine-color-green-8)',
  loser: 'var(--mantine-color-red-8)',
  'guardrail-breached': 'var(--mantine-color-red-8)',
  'sample-ratio-mismatch': 'var(--mantine-color-red-8)',
  collecting: 'var(--mantine-color-gray-6)',
  inconclusive: 'var(--mantine-color-yellow-7)',
};
/** Secondary text: gray.7 on white is above 7:1, where Mantine's dimmed grey falls short of 4.5:1. */
const MUTED = 'gray.7';

/** An experiment's results: the verdict, the split, the primary metric's intervals and its lift day by day. */
export function ExperimentResults({ place, experimentId }: { place: FlagEnvironment; experimentId: number }) {
  const results = useExperimentResults(place, experimentId);
  return (
    <QueryState query={results} label="results">
      {(data) => <ResultsView data={data} />}
    </QueryState>
  );
}

export function ResultsView({ data }: { data: ExperimentResultsData }) {
  const primary = data.metrics.find((metric) => metric.role === 'primary');
  const { headline, warnings } = verdictLine(data);
  return (
    <Stack gap="sm" component="section" aria-label="Experiment results">
      <Title order={4}>{data.experiment.name}</Title>
      {data.experiment.hypothesis && <Text size="sm">{data.experiment.hypothesis}</Text>}
      <Paper
        withBorder
        p="sm"
        role="status"
        aria-label="Verdict"
        style={{ borderLeft: `4px solid ${BORDER[data.verdict.verdict] ?? BORDER.collecting}` }}
      >
        <Text fw={700}>{headline}</Text>
        {warnings.map((warning) => (
          <Text key={warning} size="sm" mt={4}>
            {warning}
          </Text>
        ))}
      </Paper>
      <Group gap="xs" aria-label="Split">
        {data.variants.map((v) => (
          <Stack key={v.variant} gap={2} style={{ flex: 1 }}>
            <Text size="xs">
              {v.variant}: {v.users} users ({percent(v.share)} of {percent(v.expectedShare)} expected)
            </Text>
            <Progress
              aria-label={`${v.variant}: ${percent(v.share)} of users, ${percent(v.expectedShare)} expected`}
              value={v.share * 100}
              color={data.sampleRatio.mismatch ? 'red.8' : 'blue.7'}
            />
          </Stack>
        ))}
      </Group>
      {primary && <IntervalPlot metric={primary} />}
      {primary && (
        <LiftChart daily={data.daily} controlVariant={data.experiment.controlVariant} metric={primary} />
      )}
      {data.metrics.map((metric) => (
        <MetricTable key={`${metric.event}-${metric.kind}`} metric={metric} />
      ))}
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          Caveats
        </Text>
        {data.verdict.caveats.map((caveat) => (
          <Text key={caveat} size="xs" c={MUTED}>
            {caveat}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

type Metric = ExperimentResultsData['metrics'][number];

/** Each variant's estimate and 95% interval on one scale, over a band where control's interval lies. */
function IntervalPlot({ metric }: { metric: Metric }) {
  const { rows, control, scale } = intervalPlot(metric);
  const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
  return (
    <Stack gap={4} component="figure" m={0} data-testid="interval-plot">
      <Text size="sm" fw={600}>
        {metric.event}: {kindLabel(metric.kind)} with its 95% interval, against control
      </Text>
      <Box>
        {rows.map((row, index) => (
          <Group key={row.variant} gap="xs" wrap="nowrap" role="img" aria-label={row.label} py={3}>
            <Text size="xs" w="30%" truncate>
              {row.variant}
              {row.isControl ? ' (control)' : ''}
            </Text>
            <Box
              pos="relative"
              h={18}
              style={{ flex: 1, marginRight: 8, borderLeft: '1px solid var(--mantine-color-gray-5)' }}
            >
              {control && (
                <Box
                  aria-hidden
                  pos="absolute"
                  top={0}
                  bottom={0}
                  bg="gray.2"
                  style={{ left: pct(control.low), width: pct(control.high - control.low) }}
                />
              )}
              <Box
                pos="absolute"
                top={7}
                h={4}
                bg={row.isControl ? 'gray.7' : COLORS[index % COLORS.length]}
                style={{
                  left: pct(row.low),
                  width: pct(Math.max(row.high - row.low, 0.005)),
                  borderRadius: 2,
                }}
              />
              <Box
                pos="absolute"
                top={3}
                w={12}
                h={12}
                bg={row.isControl ? 'gray.8' : COLORS[index % COLORS.length]}
                style={{
                  left: `calc(${pct(row.estimate)} - 6px)`,
                  borderRadius: 6,
                  border: '2px solid white',
                }}
              />
            </Box>
          </Group>
        ))}
        <Group gap="xs" wrap="nowrap" aria-hidden>
          <Box w="30%" />
          <Group justify="space-between" style={{ flex: 1, marginRight: 8 }}>
            <Text size="xs" c={MUTED}>
              {scale.from}
            </Text>
            <Text size="xs" c={MUTED}>
              {scale.to}
            </Text>
          </Group>
        </Group>
      </Box>
      <Text component="figcaption" size="xs" c={MUTED}>
        Grey band: control&apos;s interval. {rows.map((row) => row.label).join('. ')}.
      </Text>
    </Stack>
  );
}

/** The primary metric's cumulative lift over control (of a rate or a mean), day by day, with its 95% interval as a band. */
function LiftChart({
  daily,
  controlVariant,
  metric,
}: {
  daily: ExperimentResultsData['daily'];
  controlVariant: string;
  metric: Metric;
}) {
  if (daily.length === 0)
    return (
      <Text size="sm" c={MUTED}>
        {metric.kind === 'impact'
          ? 'An impact metric has no daily series: its lift is over the whole run.'
          : 'The daily lift appears once the experiment has started.'}
      </Text>
    );
  const variants = liftVariants(daily, controlVariant);
  // Control comes first in the results, so each variant keeps the colour it has in the interval plot.
  const series = variants.flatMap((variant, index) => [
    {
      name: `${variant} interval`,
      label: `${variant}: 95% interval`,
      type: 'area' as const,
      color: COLORS[(index + 1) % COLORS.length]!,
    },
    {
      name: variant,
      label: `${variant}: lift`,
      type: 'line' as const,
      color: COLORS[(index + 1) % COLORS.length]!,
    },
  ]);
  const format = (value: unknown) =>
    Array.isArray(value) ? value.map((x) => `${x}%`).join(' to ') : `${String(value)}%`;
  return (
    <Stack gap={4} component="figure" m={0} data-testid="lift-chart">
      <Text size="sm" fw={600}>
        Cumulative lift over {controlVariant} on &quot;{metric.event}&quot;, by day (UTC)
      </Text>
      <CompositeChart
        h={240}
        data={liftRows(daily, controlVariant)}
        dataKey="day"
        series={series}
        curveType="linear"
        withDots={daily.length < 30}
        withLegend
        areaProps={{ fillOpacity: 0.2, strokeOpacity: 0, dot: false, activeDot: false }}
        valueFormatter={format as (value: number) => string}
        xAxisLabel="Day"
        yAxisLabel="Lift (%)"
        referenceLines={[{ y: 0, color: 'gray.7', label: 'No difference', labelPosition: 'insideTopLeft' }]}
      />
      <Text component="figcaption" size="xs" c={MUTED}>
        {liftSummary(daily, controlVariant, metric.event)}
      </Text>
    </Stack>
  );
}

function MetricTable({ metric }: { metric: Metric }) {
  const show = showOf(metric);
  // An impact metric's exact Poisson test, fixed horizon: shown beside the sequential one.
  const exact = metric.variants.some((v) => v.pValue !== undefined);
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {metric.event} ({kindLabel(metric.kind)}, {metric.role})
      </Text>
      <Table aria-label={`Results for ${metric.event}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Variant</Table.Th>
            <Table.Th>Users</Table.Th>
            <Table.Th>Estimate (95% interval)</Table.Th>
            <Table.Th>Lift (95% interval)</Table.Th>
            <Table.Th>Chance to beat control</Table.Th>
            <Table.Th>Expected loss</Table.Th>
            <Table.Th>Sequential p</Table.Th>
            {exact && <Table.Th>Exact p (fixed horizon)</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {metric.variants.map((v) => (
            <Table.Tr key={v.variant}>
              <Table.Td>
                {v.variant}{' '}
                {v.isControl && (
                  <Badge size="xs" color="gray.8">
                    control
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{v.users}</Table.Td>
              <Table.Td>
                {show(v.estimate)} ({show(v.interval.low)} to {show(v.interval.high)})
              </Table.Td>
              <Table.Td>
                {v.lift
                  ? `${percent(v.lift.lift)} (${percent(v.lift.interval.low)} to ${percent(v.lift.interval.high)})`
                  : '–'}
              </Table.Td>
              <Table.Td>{percent(v.chanceToBeatControl)}</Table.Td>
              <Table.Td>{v.expectedLoss === undefined ? '–' : show(v.expectedLoss)}</Table.Td>
              <Table.Td>{v.sequential ? v.sequential.pValue.toPrecision(2) : '–'}</Table.Td>
              {exact && <Table.Td>{v.pValue === undefined ? '–' : v.pValue.toPrecision(2)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
