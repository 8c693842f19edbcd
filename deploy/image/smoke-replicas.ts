/**
 * The smoke test's replica check (deploy/image/smoke.sh with REPLICAS=2 or more): the containers share one
 * PostgreSQL database, as the chart's replicas do. An official Node SDK is connected to every replica but the first;
 * one flag is toggled through the first replica's Admin API, and each SDK must see the change.
 *   node --import tsx deploy/image/smoke-replicas.ts <admin token> <client token> <url> <url> [...]
 */
import { startUnleash, type Unleash } from 'unleash-client';

const [adminToken, clientToken, writer, ...readers] = process.argv.slice(2);
if (!adminToken || !clientToken || !writer || readers.length === 0)
  throw new Error('usage: smoke-replicas.ts <admin> <client> <writer url> <reader url> [...]');

const flag = `replica-smoke-${Date.now()}`;
async function admin(method: string, path: string, body?: unknown): Promise<void> {
  const answer = await fetch(`${writer}${path}`, {
    method,
    headers: { authorization: adminToken!, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path} → ${answer.status} ${await answer.text()}`);
}

await admin('POST', '/api/admin/projects/default/features', { name: flag, type: 'release' });
const sdks: Unleash[] = [];
for (const url of readers) {
  sdks.push(
    await startUnleash({
      url: `${url}/api`,
      appName: 'switchyard-replica-smoke',
      customHeaders: { authorization: clientToken },
      refreshInterval: 500,
      disableMetrics: true,
    }),
  );
}
if (sdks.some((sdk) => sdk.isEnabled(flag))) throw new Error(`${flag} is on before it was turned on`);

const at = Date.now();
await admin('POST', `/api/admin/projects/default/features/${flag}/environments/development/on`);
const seen = await Promise.all(
  sdks.map(async (sdk, index) => {
    while (!sdk.isEnabled(flag)) {
      if (Date.now() - at > 30_000)
        throw new Error(`replica ${readers[index]} did not serve the change in 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Date.now() - at;
  }),
);
for (const sdk of sdks) sdk.destroy();
readers.forEach((url, index) =>
  console.log(`[smoke] replica ${url}: the SDK saw the change made on ${writer} after ${seen[index]} ms`),
);
console.log(`[smoke] ${readers.length + 1} replicas on one database serve one configuration`);
