// A/B testing: split users between two variants of "checkout-button-test" and read each
// variant's payload. The same user always gets the same variant.
import { once } from 'node:events';
import { InMemStorageProvider, Unleash } from 'unleash-client';
import { addStrategy, baseUrl, clientToken, recreateFlag, setEnabled } from '../admin-api.mjs';

const flag = 'checkout-button-test';

// 1. Experiment owner: an experiment flag, on for everyone, with two equally weighted variants.
await recreateFlag(flag, { type: 'experiment', description: 'Which checkout button text sells more?' });
await addStrategy(flag, 'development', {
  name: 'flexibleRollout',
  parameters: { rollout: '100', stickiness: 'default', groupId: flag },
  constraints: [],
  variants: [
    {
      name: 'control',
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
      payload: { type: 'string', value: 'Buy now' },
    },
    {
      name: 'treatment',
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
      payload: { type: 'string', value: 'Complete my order' },
    },
  ],
});
await setEnabled(flag, 'development', true);

// 2. The shop: ask for the variant of each user and show that variant's button text.
const unleash = new Unleash({
  url: `${baseUrl}/api/`,
  appName: 'shop',
  customHeaders: { Authorization: clientToken },
  storageProvider: new InMemStorageProvider(),
});
await once(unleash, 'synchronized');

const counts = {};
let stable = true;
for (let i = 0; i < 1000; i++) {
  const context = { userId: `user-${i}` };
  const variant = unleash.getVariant(flag, context);
  counts[variant.name] = (counts[variant.name] ?? 0) + 1;
  if (unleash.getVariant(flag, context).name !== variant.name) stable = false;
}
console.log('Variants over 1,000 users:', counts);

const alice = unleash.getVariant(flag, { userId: 'alice' });
console.log(`alice sees variant "${alice.name}" with button text "${alice.payload?.value}"`);
console.log(`Every user got the same variant twice: ${stable}`);

// Flush the counts: Switchyard stores how often each variant was served.
await unleash.destroyWithFlush();
const balanced = ['control', 'treatment'].every((name) => counts[name] > 400 && counts[name] < 600);
if (!stable || !balanced) process.exitCode = 1;
