import {
  isImpactMetric,
  MAX_IMPACT_METRICS,
  type ImpactMetricWire,
} from '../features/sdk-serving/client-api/impact-metrics-wire.ts';

/** An SDK's registration as the upstream's bulk operation takes it. */
export type BulkApplication = {
  appName: string;
  environment: string;
  instanceId: string;
  connectVia?: { appName: string; instanceId: string }[];
  interval?: number;
  started?: string | number;
  strategies?: string[];
  sdkVersion?: string | null;
  sdkType?: 'frontend' | 'backend' | null;
};

/** One flag's counts from one application in one environment, as the bulk operation takes them. */
export type BulkMetric = {
  featureName: string;
  appName: string;
  environment: string;
  timestamp?: string | number;
  yes?: number;
  no?: number;
  variants?: Record<string, number>;
};

/** An SDK's metrics bucket (`/api/client/metrics`, `/api/frontend/client/metrics`). */
export type MetricsBucket = {
  start?: string | number;
  toggles?: Record<string, { yes?: number; no?: number; variants?: Record<string, number> }>;
};

/** The bulk operation's limits per request. */
const MAX_APPLICATIONS = 1_000;
const MAX_METRICS = 10_000;
/** What is held per environment while the upstream is down; the oldest counts go first. */
const MAX_HELD = 100_000;
/** Impact metrics held per environment while the upstream is down (each up to 1,000 samples). */
const MAX_HELD_IMPACT = 10_000;

type Batch = {
  applications: Map<string, BulkApplication>;
  metrics: BulkMetric[];
  impactMetrics: ImpactMetricWire[];
};

/**
 * The well-formed impact metrics of an SDK's report, each sample labelled with the SDK's appName (unless it names
 * one) and the environment its token is for (unless it is for every environment), so the upstream files them as if the SDK had sent them itself.
 */
export function labelledImpactMetrics(
  metrics: unknown,
  appName: string | undefined,
  environment: string,
): ImpactMetricWire[] {
  if (!Array.isArray(metrics)) return [];
  return metrics.filter(isImpactMetric).map(
    (metric) =>
      ({
        ...metric,
        samples: metric.samples.map((sample) => ({
          ...sample,
          labels: {
            ...sample.labels,
            appName: sample.labels?.appName ?? appName ?? 'unknown',
            // A token of every environment leaves it to the sample, as the upstream does.
            ...(environment === '*' ? {} : { environment }),
          },
        })),
      }) as ImpactMetricWire,
  );
}

/** The counts of one SDK bucket, one entry per flag. */
export function bucketMetrics(appName: string, environment: string, bucket: MetricsBucket): BulkMetric[] {
  return Object.entries(bucket.toggles ?? {}).map(([featureName, counts]) => ({
    featureName,
    appName,
    environment,
    timestamp: bucket.start,
    yes: counts.yes ?? 0,
    no: counts.no ?? 0,
    variants: counts.variants ?? {},
  }));
}

/**
 * What the edge's SDKs report, held per environment and sent upstream in batches (`POST /api/client/metrics/bulk`)
 * with a client token of that environment. A batch the upstream could not take is kept for the next flush.
 */
export function createEdgeMetrics(deps: {
  post: (
    token: string,
    body: { applications: BulkApplication[]; metrics: BulkMetric[]; impactMetrics?: ImpactMetricWire[] },
  ) => Promise<void>;
  tokenFor: (environment: string) => string | undefined;
  via: { appName: string; instanceId: string };
  log: (level: 'info' | 'warn', message: string) => void;
}) {
  const batches = new Map<string, Batch>();
  let flushing: Promise<void> | undefined;

  const batchOf = (environment: string): Batch => {
    let batch = batches.get(environment);
    if (!batch)
      batches.set(environment, (batch = { applications: new Map(), metrics: [], impactMetrics: [] }));
    return batch;
  };

  const sendAll = async () => {
    for (const [environment, batch] of [...batches]) {
      const token = deps.tokenFor(environment);
      if (!token) continue;
      batches.delete(environment);
      const applications = [...batch.applications.values()];
      let metrics = batch.metrics;
      let impactMetrics = batch.impactMetrics;
      try {
        while (applications.length || metrics.length || impactMetrics.length) {
          const body = {
            applications: applications.slice(0, MAX_APPLICATIONS),
            metrics: metrics.slice(0, MAX_METRICS),
            ...(impactMetrics.length ? { impactMetrics: impactMetrics.slice(0, MAX_IMPACT_METRICS) } : {}),
          };
          await deps.post(token, body);
          applications.splice(0, body.applications.length);
          metrics = metrics.slice(body.metrics.length);
          impactMetrics = impactMetrics.slice(body.impactMetrics?.length ?? 0);
        }
      } catch (error) {
        deps.log('warn', `metrics for ${environment} kept for the next flush: ${(error as Error).message}`);
        const kept = batchOf(environment);
        for (const application of applications) kept.applications.set(application.instanceId, application);
        kept.metrics = [...metrics, ...kept.metrics].slice(-MAX_HELD);
        kept.impactMetrics = [...impactMetrics, ...kept.impactMetrics].slice(-MAX_HELD_IMPACT);
      }
    }
  };

  return {
    register(application: BulkApplication): void {
      const batch = batchOf(application.environment);
      const connectVia = [...(application.connectVia ?? []), deps.via];
      batch.applications.set(`${application.appName}\n${application.instanceId}`, {
        ...application,
        connectVia,
      });
    },
    count(metrics: BulkMetric[]): void {
      for (const metric of metrics) {
        const batch = batchOf(metric.environment);
        batch.metrics.push(metric);
        if (batch.metrics.length > MAX_HELD) batch.metrics.splice(0, batch.metrics.length - MAX_HELD);
      }
    },
    /** Impact metrics of SDKs in one environment, labelled by labelledImpactMetrics(). */
    impact(environment: string, metrics: ImpactMetricWire[]): void {
      if (metrics.length === 0) return;
      const batch = batchOf(environment);
      batch.impactMetrics.push(...metrics);
      if (batch.impactMetrics.length > MAX_HELD_IMPACT)
        batch.impactMetrics.splice(0, batch.impactMetrics.length - MAX_HELD_IMPACT);
    },
    /** Sends everything held now; one flush at a time. */
    flush(): Promise<void> {
      flushing ??= sendAll().finally(() => (flushing = undefined));
      return flushing;
    },
  };
}

export type EdgeMetrics = ReturnType<typeof createEdgeMetrics>;
