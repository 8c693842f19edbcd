import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../http/auth.ts';
import { errorResponseSchema } from '../../../http/errors.ts';
import { createUiErrorBudget, UI_ERRORS_PER_MINUTE, uiErrorRoutes } from './ui-error-routes.ts';

describe('the UI error budget', () => {
  it('lets each caller through a fixed number of times a minute', () => {
    let time = 0;
    const budget = createUiErrorBudget({ perMinute: 2, now: () => time });
    expect([budget('a'), budget('a'), budget('a'), budget('b')]).toEqual([true, true, false, true]);
    time = 60_000;
    expect(budget('a')).toBe(true);
  });
});

describe('record-ui-error', () => {
  it("logs at warn with the user's id, and drops what exceeds the budget", async () => {
    const lines: { level: number; userId: number; errorMessage: string; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    app.addSchema({ $id: 'errorSchema', ...errorResponseSchema });
    const principal: Principal = { kind: 'user', userId: 42, username: 'ada', rootRole: 3 };
    app.addHook('onRequest', async (request) => {
      request.principal = principal;
    });
    await app.register(uiErrorRoutes({ now: () => 0 }));
    for (let i = 0; i < UI_ERRORS_PER_MINUTE + 3; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/record-ui-error',
        payload: { errorMessage: `boom ${i}` },
      });
      expect(response.statusCode).toBe(204);
    }
    await app.close();
    const logged = lines.filter((line) => line.msg === 'admin UI error');
    expect(logged).toHaveLength(UI_ERRORS_PER_MINUTE);
    expect(logged[0]).toMatchObject({ level: 40, userId: 42, errorMessage: 'boom 0' });
  });
});
