// Browser SDK (unleash-proxy-client) against Switchyard's Frontend API, run in Node 20 (which has fetch).
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { ensureExampleFlags } from './example-flags.mjs';

const url = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const frontendToken =
  process.env.SWITCHYARD_FRONTEND_TOKEN ?? 'default:development.quickstart-frontend-secret';

await ensureExampleFlags(); // creates "docs.sdk-example" when SWITCHYARD_ADMIN_TOKEN is set

const unleash = new UnleashClient({
  url: `${url}/api/frontend`, // client-side SDKs use the Frontend API
  clientKey: frontendToken, // a frontend token
  appName: 'docs-javascript-example',
  context: { userId: '42', properties: { plan: 'pro' } },
  // In a browser the defaults are right. In a short Node script:
  storageProvider: new InMemoryStorageProvider(), // no localStorage in Node
  disableRefresh: true, // fetch once, no polling timer
  metricsIntervalInitial: 0, // no delayed first metrics send; we send them ourselves below
});
unleash.on('error', (error) => console.error('SDK error:', error));

await unleash.start(); // resolves after the first answer from Switchyard, or after a failed attempt
if (!unleash.isReady()) {
  console.error('Switchyard did not answer with flags:', unleash.getError());
  unleash.stop();
  process.exit(1);
}

const show = (label) => {
  const variant = unleash.getVariant('docs.sdk-example');
  console.log(
    `${label}: enabled=${unleash.isEnabled('docs.sdk-example')} variant=${variant.name}`,
    variant.payload ? `payload=${variant.payload.value}` : '',
  );
};
show('user 42 on plan pro');

// Changing the context asks Switchyard again; the answer is for the new context.
await unleash.updateContext({ userId: '42', properties: { plan: 'free' } });
show('user 42 on plan free');

// Everything this context gets: only flags that are on are in the list.
console.log(
  'flags on for this context:',
  unleash.getAllToggles().map((toggle) => toggle.name),
);

await unleash.sendMetrics(); // POST /api/frontend/client/metrics with the counts of the calls above
unleash.stop();
