import { Type } from 'typebox';
import { MAX_METRICS } from './experiment.ts';
import { MAX_DAYS } from './experiment-daily.ts';

export const FlagEnvironmentParams = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
});
export const ExperimentParams = Type.Object({
  ...FlagEnvironmentParams.properties,
  experimentId: Type.Integer({ minimum: 1 }),
});

const Metric = Type.Object(
  {
    event: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The tracked event the metric counts; for `impact`, the impact-metric counter.',
    }),
    kind: Type.Union([Type.Literal('conversion'), Type.Literal('mean'), Type.Literal('impact')], {
      description:
        '`conversion`: share of users with the event at least once. `mean`: average summed value per user. `impact`: increments of an impact-metric counter labelled with the flag and the variant (as SDKs label samples), per exposed user of the variant.',
    }),
    role: Type.Union([Type.Literal('primary'), Type.Literal('guardrail')]),
    direction: Type.Optional(
      Type.Union([Type.Literal('increase'), Type.Literal('decrease')], {
        description: 'Which way is better; `increase` unless said otherwise.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const CreateExperimentBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    hypothesis: Type.Optional(Type.String({ maxLength: 2000 })),
    controlVariant: Type.String({ minLength: 1, maxLength: 255 }),
    metrics: Type.Array(Metric, { minItems: 1, maxItems: MAX_METRICS }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'Green checkout button',
        hypothesis: 'A green button makes more visitors buy.',
        controlVariant: 'blue',
        metrics: [
          { event: 'purchase', kind: 'conversion', role: 'primary' },
          { event: 'error', kind: 'conversion', role: 'guardrail', direction: 'decrease' },
        ],
      },
    ],
  },
);

const exampleExperiment = {
  id: 1,
  featureName: 'checkout-button',
  environment: 'production',
  name: 'Green checkout button',
  hypothesis: 'A green button makes more visitors buy.',
  controlVariant: 'blue',
  metrics: [{ event: 'purchase', kind: 'conversion', role: 'primary', direction: 'increase' }],
  status: 'running',
  startedAt: '2026-12-01T09:00:00.000Z',
  stoppedAt: null,
  createdBy: 'admin',
  createdAt: '2026-12-01T08:55:00.000Z',
};

const Timestamp = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
export const ExperimentResponse = Type.Object(
  {
    id: Type.Integer(),
    featureName: Type.String(),
    environment: Type.String(),
    name: Type.String(),
    hypothesis: Type.String(),
    controlVariant: Type.String(),
    metrics: Type.Array(
      Type.Object({
        event: Type.String(),
        kind: Type.String(),
        role: Type.String(),
        direction: Type.String(),
      }),
    ),
    status: Type.Union([Type.Literal('draft'), Type.Literal('running'), Type.Literal('stopped')]),
    startedAt: Timestamp,
    stoppedAt: Timestamp,
    createdBy: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'experimentSchema', examples: [exampleExperiment] },
);
export const ExperimentListResponse = Type.Object(
  { experiments: Type.Array(Type.Ref('experimentSchema')) },
  { examples: [{ experiments: [exampleExperiment] }] },
);

const Interval = Type.Object({ low: Type.Number(), high: Type.Number() });
const Bound = Type.Union([Type.Number(), Type.Null()], {
  description: 'null while the interval is unbounded.',
});
const VariantResult = Type.Object({
  variant: Type.String(),
  users: Type.Integer(),
  isControl: Type.Boolean(),
  estimate: Type.Number({
    description:
      'Conversion rate (0–1), mean value per user, or for an impact metric the counter’s increments per exposed user.',
  }),
  interval: Interval,
  lift: Type.Optional(Type.Object({ lift: Type.Number(), interval: Interval })),
  chanceToBeatControl: Type.Optional(Type.Number()),
  expectedLoss: Type.Optional(Type.Number()),
  pValue: Type.Optional(
    Type.Number({
      description:
        'An impact metric: the fixed-horizon two-sided p-value of equal rates (exact conditional binomial test of two Poisson counts). Valid read once at a planned end; the verdict uses the sequential one.',
    }),
  ),
  sequential: Type.Optional(
    Type.Object({ pValue: Type.Number(), interval: Type.Object({ low: Bound, high: Bound }) }),
  ),
});
const DailyPoint = Type.Object({
  day: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'A UTC day (YYYY-MM-DD).' }),
  variants: Type.Array(
    Type.Object({
      variant: Type.String(),
      users: Type.Integer({ description: 'Users first exposed up to and including the day.' }),
      converters: Type.Optional(
        Type.Integer({
          description:
            'A conversion metric: of them, users whose first conversion on the primary metric came by the end of the day.',
        }),
      ),
      rate: Type.Optional(Type.Number({ description: 'A conversion metric: converters / users (0–1).' })),
      mean: Type.Optional(
        Type.Number({
          description:
            'A mean metric: the sum of the values the users tracked by the end of the day, per user (users without one count as 0).',
        }),
      ),
      interval: Interval,
      lift: Type.Optional(
        Type.Object(
          { lift: Type.Number(), interval: Interval },
          {
            description:
              'Relative lift over control; absent for control and while either rate or mean is not positive.',
          },
        ),
      ),
    }),
  ),
});
const exampleDaily = [
  {
    day: '2026-12-01',
    variants: [
      { variant: 'blue', users: 2480, converters: 1968, rate: 0.7935, interval: { low: 0.777, high: 0.809 } },
      {
        variant: 'green',
        users: 2466,
        converters: 2071,
        rate: 0.8398,
        interval: { low: 0.825, high: 0.854 },
        lift: { lift: 0.0583, interval: { low: 0.034, high: 0.083 } },
      },
    ],
  },
];

export const ExperimentResultsResponse = Type.Object(
  {
    experiment: Type.Ref('experimentSchema'),
    variants: Type.Array(
      Type.Object({
        variant: Type.String(),
        users: Type.Integer(),
        expectedShare: Type.Number(),
        share: Type.Number(),
      }),
    ),
    sampleRatio: Type.Object({ statistic: Type.Number(), pValue: Type.Number(), mismatch: Type.Boolean() }),
    metrics: Type.Array(
      Type.Object({
        event: Type.String(),
        kind: Type.String(),
        role: Type.String(),
        direction: Type.String(),
        cuped: Type.Object({
          applied: Type.Boolean({
            description:
              'Whether CUPED adjusted the estimates with the users’ values of the same event before the start (then every number of this metric is adjusted, with normal approximations).',
          }),
          theta: Type.Optional(
            Type.Number({ description: 'θ = cov(pre, metric) / var(pre), pooled within variants.' }),
          ),
          varianceReduction: Type.Optional(
            Type.Number({ description: 'The share of the metric’s variance CUPED removed (0–1).' }),
          ),
        }),
        variants: Type.Array(VariantResult),
      }),
    ),
    verdict: Type.Object({
      verdict: Type.Union([
        Type.Literal('sample-ratio-mismatch'),
        Type.Literal('collecting'),
        Type.Literal('winner'),
        Type.Literal('loser'),
        Type.Literal('guardrail-breached'),
        Type.Literal('inconclusive'),
      ]),
      variant: Type.Optional(Type.String()),
      summary: Type.String(),
      caveats: Type.Array(Type.String()),
    }),
    daily: Type.Array(DailyPoint, {
      maxItems: MAX_DAYS,
      description: `The primary metric day by day, cumulative: for each UTC day from the start to the stop (or today), per variant the users exposed so far and, for a conversion metric, those converted and their rate, or, for a mean metric, the mean per user of the values tracked so far, each with the lift over control and 95% intervals (without CUPED). At most the last ${MAX_DAYS} days; the first of them includes every day before it. Empty for a draft and for an impact metric as primary. A conversion or value recorded before the server kept its day counts on the day of the user's exposure.`,
    }),
  },
  {
    examples: [
      {
        experiment: exampleExperiment,
        variants: [
          { variant: 'blue', users: 5012, expectedShare: 0.5, share: 0.5012 },
          { variant: 'green', users: 4988, expectedShare: 0.5, share: 0.4988 },
        ],
        sampleRatio: { statistic: 0.0576, pValue: 0.81, mismatch: false },
        metrics: [
          {
            event: 'purchase',
            kind: 'conversion',
            role: 'primary',
            direction: 'increase',
            cuped: { applied: true, theta: 0.41, varianceReduction: 0.12 },
            variants: [
              {
                variant: 'blue',
                users: 5012,
                isControl: true,
                estimate: 0.8,
                interval: { low: 0.789, high: 0.811 },
              },
              {
                variant: 'green',
                users: 4988,
                isControl: false,
                estimate: 0.842,
                interval: { low: 0.832, high: 0.852 },
                lift: { lift: 0.0525, interval: { low: 0.035, high: 0.07 } },
                chanceToBeatControl: 0.99999,
                expectedLoss: 0.0000001,
                sequential: { pValue: 0.00002, interval: { low: 0.02, high: 0.064 } },
              },
            ],
          },
        ],
        verdict: {
          verdict: 'winner',
          variant: 'green',
          summary:
            'green beats blue on "purchase" with a 100.0% chance; lift 5.3% (3.5% to 7.0%), sequential p = 2.0e-5.',
          caveats: ['Only conversions after a user’s first exposure count.'],
        },
        daily: exampleDaily,
      },
    ],
  },
);
