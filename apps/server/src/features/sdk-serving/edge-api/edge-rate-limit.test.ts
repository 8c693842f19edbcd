import type { FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import { TooManyRequestsError } from '../../../http/errors.ts';
import { createRateLimit, createWindowBudget } from './edge-rate-limit.ts';

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

it('gives back what a key spent that did not count, so only the rest uses up its budget', () => {
  let time = 0;
  const budget = createWindowBudget({ limit: 3, windowMs: 60_000, now: () => time, what: 'unknown tokens' });
  budget.spend('10.0.0.1', 5);
  budget.refund('10.0.0.1', 3);
  expect(() => budget.check('10.0.0.1')).not.toThrow();
  budget.spend('10.0.0.1');
  time = 1_000;
  const refused = (() => {
    try {
      budget.check('10.0.0.1');
    } catch (error) {
      return error as TooManyRequestsError;
    }
  })();
  expect(refused).toBeInstanceOf(TooManyRequestsError);
  expect(refused?.retryAfterSeconds).toBe(59);
  expect(refused?.message).toMatch(/unknown tokens/);
});
