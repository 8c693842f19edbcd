/**
 * The smoke test's client side (deploy/image/smoke.sh): seeds flags through the Admin API of a running Switchyard,
 * then connects the official Node SDK (unleash-client) and checks it serves them.
 *   node --import tsx deploy/image/smoke-sdk.ts <url> <admin token> <client token> <flags>
 */
import { startUnleash } from 'unleash-client';
import { seedFlags } from '../../apps/server/bench/seed-flags.ts';

const [url, adminToken, clientToken, count = '1000'] = process.argv.slice(2);
if (!url || !adminToken || !clientToken)
  throw new Error('usage: smoke-sdk.ts <url> <admin> <client> [flags]');

async function admin(method: string, path: string, body?: unknown): Promise<void> {
  const answer = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: adminToken!, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok && answer.status !== 409)
    throw new Error(`${method} ${path} → ${answer.status} ${await answer.text()}`);
}

const flags = seedFlags(Number(count));
const started = Date.now();
// Four at a time: the server's writes, not this loop, set the pace.
for (let i = 0; i < flags.length; i += 4) {
  await Promise.all(
    flags.slice(i, i + 4).map(async (flag) => {
      const at = `/api/admin/projects/default/features/${flag.name}/environments/development`;
      await admin('POST', '/api/admin/projects/default/features', { name: flag.name, type: 'release' });
      await admin('POST', `${at}/strategies`, flag.strategy);
      if (flag.enabled) await admin('POST', `${at}/on`);
    }),
  );
}
console.log(
  `[smoke] seeded ${flags.length} flags through the Admin API in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const sdk = await startUnleash({
  url: `${url}/api`,
  appName: 'switchyard-image-smoke',
  customHeaders: { authorization: clientToken },
  refreshInterval: 5_000,
  disableMetrics: false,
});
const served = sdk.getFeatureToggleDefinitions().length;
const alwaysOff = flags.find((flag) => !flag.enabled)!.name;
const fullRollout = flags.find(
  (flag) =>
    flag.enabled && flag.strategy.parameters.rollout === '100' && flag.strategy.constraints.length === 0,
);
const answers = {
  served,
  [`${alwaysOff} (off)`]: sdk.isEnabled(alwaysOff, { userId: 'u1' }),
  ...(fullRollout
    ? { [`${fullRollout.name} (100%)`]: sdk.isEnabled(fullRollout.name, { userId: 'u1' }) }
    : {}),
};
console.log(`[smoke] unleash-client ${JSON.stringify(answers)}`);
sdk.destroy();
const ok =
  served === flags.length &&
  answers[`${alwaysOff} (off)`] === false &&
  (!fullRollout || answers[`${fullRollout.name} (100%)`] === true);
if (!ok) {
  console.error('[smoke] the SDK did not serve what was seeded');
  process.exit(1);
}
console.log('[smoke] the Node SDK serves every seeded flag');
