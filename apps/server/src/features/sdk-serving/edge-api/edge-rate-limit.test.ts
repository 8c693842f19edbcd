import type { FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import { TooManyRequestsError } from '../../../http/errors.ts';
import { createRateLimit } from './edge-rate-limit.ts';

const from = (ip: string) => ({ ip }) as FastifyRequest;

it('lets a window of requests through per address, then refuses with Retry-After until the window ends', async () => {
  let time = 0;
  const limit = createRateLimit({ limit: 2, windowMs: 60_000, now: () => time });
  await limit(from('10.0.0.1'));
  await limit(from('10.0.0.1'));
  await limit(from('10.0.0.2'));
  const refused = await limit(from('10.0.0.1')).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(TooManyRequestsError);
  expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(60);
  time = 60_000;
  await expect(limit(from('10.0.0.1'))).resolves.toBeUndefined();
});
