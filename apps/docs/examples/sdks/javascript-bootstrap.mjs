// Browser SDK: bootstrap flags so the first render has answers, then let Switchyard's answer replace them.
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';

const url = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const frontendToken =
  process.env.SWITCHYARD_FRONTEND_TOKEN ?? 'default:development.quickstart-frontend-secret';

// The same shape as the "toggles" of a Frontend API response, for example rendered into the page by your server.
const bootstrap = [
  {
    name: 'docs.bootstrapped',
    enabled: true,
    variant: { name: 'disabled', enabled: false, feature_enabled: true },
    impressionData: false,
  },
];

const unleash = new UnleashClient({
  url: `${url}/api/frontend`,
  clientKey: frontendToken,
  appName: 'docs-javascript-bootstrap',
  bootstrap,
  bootstrapOverride: true, // prefer the bootstrap over flags stored by an earlier visit
  storageProvider: new InMemoryStorageProvider(),
  disableRefresh: true,
  disableMetrics: true, // nothing to report from this demo
});
unleash.on('error', (error) => console.error('SDK error:', error));

// Available at once, before any request.
console.log('before start, docs.bootstrapped:', unleash.isEnabled('docs.bootstrapped'));

await unleash.start(); // fetches from Switchyard; its answer replaces the bootstrapped flags
console.log(
  'after start, docs.bootstrapped:',
  unleash.isEnabled('docs.bootstrapped'),
  unleash.getError() ? '(Switchyard not reachable: still on bootstrap)' : '(answer from Switchyard)',
);

// A flag that is not in the list is off: client-side SDKs have no per-call fallback, so default to "off" in your design.
console.log('docs.no-such-flag:', unleash.isEnabled('docs.no-such-flag'));

unleash.stop();
