// Gradual rollout: release "new-checkout" to 10% of users, then to 50%, and check that everyone
// who had it at 10% keeps it at 50% (the rollout is sticky per user).
import { once } from 'node:events';
import { InMemStorageProvider, Unleash } from 'unleash-client';
import {
  addStrategy,
  baseUrl,
  clientToken,
  recreateFlag,
  setEnabled,
  updateStrategy,
  waitUntil,
} from '../admin-api.mjs';

const flag = 'new-checkout';

// 1. Release manager: create the flag with a 10% rollout in development and turn it on.
await recreateFlag(flag, { type: 'release', description: 'New checkout flow, released gradually' });
const rollout = (percent) => ({
  name: 'flexibleRollout',
  parameters: { rollout: String(percent), stickiness: 'default', groupId: flag },
  constraints: [],
});
const strategy = await addStrategy(flag, 'development', rollout(10));
await setEnabled(flag, 'development', true);

// 2. The checkout service: connect with a client token and evaluate for 1,000 users.
const unleash = new Unleash({
  url: `${baseUrl}/api/`,
  appName: 'checkout-service',
  customHeaders: { Authorization: clientToken },
  storageProvider: new InMemStorageProvider(),
  refreshInterval: 1000, // poll every second so the tutorial sees the change quickly
});
await once(unleash, 'synchronized');

const users = Array.from({ length: 1000 }, (_, i) => `user-${i}`);
const usersWithFlag = () => new Set(users.filter((userId) => unleash.isEnabled(flag, { userId })));

const at10 = usersWithFlag();
console.log(`Rollout 10%: ${at10.size} of ${users.length} users get the new checkout`);

// 3. Release manager: raise the rollout to 50%.
await updateStrategy(flag, 'development', strategy.id, rollout(50));
await waitUntil(() => usersWithFlag().size > at10.size, { what: 'the SDK to see the 50% rollout' });

const at50 = usersWithFlag();
const kept = [...at10].every((userId) => at50.has(userId));
console.log(`Rollout 50%: ${at50.size} of ${users.length} users get the new checkout`);
console.log(`Everyone who had it at 10% still has it: ${kept}`);

unleash.destroy();
if (!kept || at10.size < 50 || at10.size > 150) process.exitCode = 1;
