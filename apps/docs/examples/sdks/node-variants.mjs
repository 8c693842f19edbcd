// Node.js SDK: read a flag's variant and payload, and see that variants are sticky per user.
import { once } from 'node:events';
import { initialize, InMemStorageProvider } from 'unleash-client';
import { ensureExampleFlags } from './example-flags.mjs';

const url = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const clientToken = process.env.SWITCHYARD_CLIENT_TOKEN ?? 'default:development.quickstart-client-secret';

await ensureExampleFlags(); // "docs.sdk-example": on for plan "pro", variants "blue" and "green"

const unleash = initialize({
  url: `${url}/api/`,
  appName: 'docs-node-variants',
  customHeaders: { Authorization: clientToken },
  storageProvider: new InMemStorageProvider(),
});
unleash.on('error', (error) => console.error('SDK error:', error.message));
await once(unleash, 'synchronized');

// One user: the variant name, whether a variant was chosen, whether the flag is on, and the payload.
const variant = unleash.getVariant('docs.sdk-example', { userId: '42', properties: { plan: 'pro' } });
console.log('user 42:', variant.name, { enabled: variant.enabled, flagEnabled: variant.feature_enabled });
if (variant.payload?.type === 'json') {
  console.log('user 42 payload:', JSON.parse(variant.payload.value));
}

// The same user always gets the same variant; many users split by the weights (500/500 here).
const counts = {};
for (let id = 1; id <= 1000; id++) {
  const { name } = unleash.getVariant('docs.sdk-example', {
    userId: String(id),
    properties: { plan: 'pro' },
  });
  counts[name] = (counts[name] ?? 0) + 1;
}
console.log('1000 pro users:', counts);

// When the flag is off for the context, the answer is the "disabled" variant, without payload.
console.log(
  'free plan:',
  unleash.getVariant('docs.sdk-example', { userId: '42', properties: { plan: 'free' } }),
);

await unleash.destroyWithFlush();
