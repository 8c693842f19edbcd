// Node.js SDK (unleash-client) against Switchyard's Client API: connect, evaluate with a context, send metrics.
import { once } from 'node:events';
import { initialize, InMemStorageProvider } from 'unleash-client';
import { ensureExampleFlags } from './example-flags.mjs';

const url = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const clientToken = process.env.SWITCHYARD_CLIENT_TOKEN ?? 'default:development.quickstart-client-secret';

await ensureExampleFlags(); // creates "docs.sdk-example" when SWITCHYARD_ADMIN_TOKEN is set

const unleash = initialize({
  url: `${url}/api/`, // server-side SDKs use the Client API under /api/
  appName: 'docs-node-example',
  customHeaders: { Authorization: clientToken }, // a client (backend) token
  storageProvider: new InMemStorageProvider(), // this demo keeps its backup in memory instead of a file
});
unleash.on('error', (error) => console.error('SDK error:', error.message));

// Wait until the first download of flags has arrived (rejects if the SDK reports an error first).
await once(unleash, 'synchronized');

const users = [
  { userId: '42', properties: { plan: 'pro' } },
  { userId: '43', properties: { plan: 'free' } },
];
for (const context of users) {
  const enabled = unleash.isEnabled('docs.sdk-example', context);
  console.log(`docs.sdk-example for user ${context.userId} on plan ${context.properties.plan}: ${enabled}`);
}

// A flag Switchyard does not know evaluates to the fallback you pass (false when you pass nothing).
console.log('docs.no-such-flag with fallback true:', unleash.isEnabled('docs.no-such-flag', {}, true));

// Sends the usage counts collected above to /api/client/metrics, then stops polling.
await unleash.destroyWithFlush();
