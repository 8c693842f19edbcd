import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/db.ts';
import { describe } from '../../../http/operation.ts';
import { processMetrics, type ProcessMetrics } from './process-counters.ts';
import { renderPrometheus } from './prometheus.ts';

const HealthResponse = Type.Object(
  { health: Type.String({ description: 'GOOD when the server can answer requests.' }) },
  { examples: [{ health: 'GOOD' }] },
);
const ReadyResponse = Type.Object(
  { health: Type.String({ description: 'READY when the database answers.' }) },
  { examples: [{ health: 'READY' }] },
);

/** Liveness, readiness and Prometheus metrics for load balancers and monitoring. */
export async function healthRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    /** The worker processes' metrics, when the server runs with workers (cluster/primary.ts). */
    workerMetrics?: () => Promise<ProcessMetrics[]>;
  },
): Promise<void> {
  const publicRoute = { auth: { area: 'public' as const } };
  app.get(
    '/health',
    {
      config: publicRoute,
      schema: {
        ...describe(
          'Operational',
          'getHealth',
          'Is the server alive?',
          'Answers `GOOD` as long as the process can serve HTTP. Use it as a liveness probe.',
        ),
        security: [],
        response: { 200: HealthResponse },
      },
    },
    async () => ({ health: 'GOOD' }),
  );
  app.get(
    '/ready',
    {
      config: publicRoute,
      schema: {
        ...describe(
          'Operational',
          'getReady',
          'Is the server ready for traffic?',
          'Answers `READY` once the database answers a query, or 503 when it does not. Use it as a readiness probe.',
        ),
        security: [],
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (_request, reply) => {
      try {
        await deps.db.query('SELECT 1');
        return { health: 'READY' };
      } catch {
        return reply.status(503).send({ health: 'NOT_READY' });
      }
    },
  );
  app.get(
    '/internal-backstage/prometheus',
    {
      config: publicRoute,
      schema: {
        ...describe(
          'System',
          'getPrometheusMetrics',
          'Metrics in the Prometheus text format',
          'Process metrics (memory, uptime, event loop) of every process of the server, and its request and SDK usage counts summed over the primary and its workers, for scraping by Prometheus.',
        ),
        security: [],
        produces: ['text/plain'],
        response: {
          200: {
            description: 'Prometheus exposition format, version 0.0.4.',
            type: 'string',
            examples: ['process_uptime_seconds 12.5'],
          },
        },
      },
    },
    async (_request, reply) => {
      const workers = (await deps.workerMetrics?.()) ?? [];
      return reply
        .type('text/plain; version=0.0.4')
        .send(renderPrometheus([processMetrics('primary'), ...workers]));
    },
  );
}
