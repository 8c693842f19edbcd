import { expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp } from '../../../testing/test-app.ts';

it('ends open streams when the server closes, and closes promptly', async () => {
  const t = await createTestApp();
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const streams = await Promise.all(
      [1, 2].map(() =>
        fetch(`http://127.0.0.1:${port}/api/client/streaming`, { headers: { authorization: CLIENT_TOKEN } }),
      ),
    );
    const readers = streams.map((response) => response.body!.getReader());
    for (const reader of readers) expect((await reader.read()).done).toBe(false); // unleash-connected
    const started = performance.now();
    await t.app.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    for (const reader of readers) {
      let result = await reader.read();
      while (!result.done) result = await reader.read();
      expect(result.done).toBe(true);
    }
  } finally {
    await t.close();
  }
});
