// JavaScript tutorial: the browser SDK (unleash-proxy-client), run here in Node.js. It calls the
// Frontend API with a frontend token; Switchyard evaluates the flags and returns the enabled ones.
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';

const baseUrl = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const frontendToken =
  process.env.SWITCHYARD_FRONTEND_TOKEN ?? 'default:development.quickstart-frontend-secret';

const unleash = new UnleashClient({
  url: `${baseUrl}/api/frontend`,
  clientKey: frontendToken,
  appName: 'web-shop',
  context: { userId: 'alice' },
  // In a browser the SDK keeps flags in localStorage; Node.js has none, so keep them in memory.
  storageProvider: new InMemoryStorageProvider(),
  // Start the metrics timer at once so that stop() can clear it (the default waits 2 s).
  metricsIntervalInitial: 0,
});

unleash.on('update', () => console.log('  (flags updated)'));

// start() fetches the flags for the current context and then polls every 30 s.
await unleash.start();
if (unleash.getError()) throw new Error(`Could not fetch flags: ${JSON.stringify(unleash.getError())}`);

console.log(`alice, country unknown: new-header=${unleash.isEnabled('new-header')}`);

// Changing the context fetches the flags again. updateContext replaces the whole mutable context.
await unleash.updateContext({ userId: 'alice', properties: { country: 'NO' } });
console.log(`alice, country NO: new-header=${unleash.isEnabled('new-header')}`);

const variant = unleash.getVariant('cta-color');
console.log(`alice's call-to-action colour: ${variant.name} (${variant.payload?.value})`);

// Send the usage counts now, then stop polling.
await unleash.sendMetrics();
unleash.stop();
