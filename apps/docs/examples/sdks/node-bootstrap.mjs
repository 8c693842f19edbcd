// Node.js SDK: start from bootstrapped flags, so evaluation works before (or without) the first download.
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { initialize, InMemStorageProvider } from 'unleash-client';

const url = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const clientToken = process.env.SWITCHYARD_CLIENT_TOKEN ?? 'default:development.quickstart-client-secret';

// Flag definitions in the Client API's format, for example saved earlier from GET /api/client/features.
// `bootstrap.filePath` or `bootstrap.url` load the same data from a file or another URL.
const bootstrapped = [
  {
    name: 'docs.bootstrapped',
    enabled: true,
    strategies: [{ name: 'default', parameters: {}, constraints: [] }],
    variants: [],
  },
];

const unleash = initialize({
  url: `${url}/api/`,
  appName: 'docs-node-bootstrap',
  customHeaders: { Authorization: clientToken },
  storageProvider: new InMemStorageProvider(),
  bootstrap: { data: bootstrapped },
});
unleash.on('error', (error) => console.error('SDK error:', error.message));

// "ready" fires as soon as the SDK has flags to evaluate: here the bootstrapped ones, before Switchyard answers.
await once(unleash, 'ready');
console.log('from bootstrap, docs.bootstrapped:', unleash.isEnabled('docs.bootstrapped'));

// The next "changed" event is the first answer from Switchyard, which replaces the bootstrapped flags.
const answered = await Promise.race([
  once(unleash, 'changed').then(
    () => true,
    () => false,
  ),
  sleep(5000, false),
]);
console.log(
  answered
    ? 'Switchyard answered; flags now come from the server'
    : 'no answer within 5 s; still on bootstrap',
);

// A flag that is in neither place falls back to the value you give.
console.log('docs.bootstrapped, with fallback false:', unleash.isEnabled('docs.bootstrapped', {}, false));
console.log('docs.no-such-flag, with fallback true:', unleash.isEnabled('docs.no-such-flag', {}, true));

unleash.destroy();
