// Kill switch: "recommendations" is a kill-switch flag that is normally on. During an incident,
// turning it off stops the feature in every running service within one polling interval.
import { once } from 'node:events';
import { InMemStorageProvider, Unleash } from 'unleash-client';
import { addStrategy, baseUrl, clientToken, recreateFlag, setEnabled, waitUntil } from '../admin-api.mjs';

const flag = 'recommendations';

// 1. Normal operation: the kill switch is on, so the feature runs.
await recreateFlag(flag, {
  type: 'kill-switch',
  description: 'Turn off to stop calling the recommendation engine',
});
await addStrategy(flag, 'development', {
  name: 'flexibleRollout',
  parameters: { rollout: '100', stickiness: 'default', groupId: flag },
  constraints: [],
});
await setEnabled(flag, 'development', true);

const unleash = new Unleash({
  url: `${baseUrl}/api/`,
  appName: 'product-page',
  customHeaders: { Authorization: clientToken },
  storageProvider: new InMemStorageProvider(),
  refreshInterval: 1000, // the default is 15 s; a short interval makes the switch act faster
});
await once(unleash, 'synchronized');

// The third argument is the fallback, used only if the flag is unknown to the SDK.
const recommendationsOn = () => unleash.isEnabled(flag, {}, true);
console.log(`Before the incident, recommendations are ${recommendationsOn() ? 'shown' : 'hidden'}`);

// 2. Incident: the on-call engineer turns the flag off.
const switchedAt = Date.now();
await setEnabled(flag, 'development', false);
await waitUntil(() => !recommendationsOn(), { what: 'the SDK to see the kill switch' });
console.log(`After ${Date.now() - switchedAt} ms, recommendations are hidden`);

unleash.destroy();
