// Trunk-based development: unfinished code ships to production behind "search-v2", which is on in
// development and off in production. The same build behaves differently per environment.
import { once } from 'node:events';
import { InMemStorageProvider, Unleash } from 'unleash-client';
import { addStrategy, admin, baseUrl, clientToken, recreateFlag, setEnabled } from '../admin-api.mjs';

const flag = 'search-v2';

// 1. Developer: the flag is on in development only. Production keeps its default: off.
await recreateFlag(flag, {
  type: 'release',
  description: 'Rewritten search, merged to main while in progress',
});
await addStrategy(flag, 'development', {
  name: 'flexibleRollout',
  parameters: { rollout: '100', stickiness: 'default', groupId: flag },
  constraints: [],
});
await setEnabled(flag, 'development', true);

// A production client token, created for this tutorial and deleted at the end.
const { secret: productionToken } = await admin('POST', '/api/admin/api-tokens', {
  tokenName: 'trunk-based-tutorial',
  type: 'client',
  environment: 'production',
  projects: ['default'],
});

// 2. The application code is identical everywhere; only the token (and so the environment) differs.
async function searchVersion(environment, token) {
  const unleash = new Unleash({
    url: `${baseUrl}/api/`,
    appName: 'search-service',
    environment,
    customHeaders: { Authorization: token },
    storageProvider: new InMemStorageProvider(),
    skipInstanceCountWarning: true,
  });
  await once(unleash, 'synchronized');
  const version = unleash.isEnabled(flag, { userId: 'alice' }) ? 'new search' : 'old search';
  unleash.destroy();
  return version;
}

try {
  const development = await searchVersion('development', clientToken);
  const production = await searchVersion('production', productionToken);
  console.log(`development serves the ${development}`);
  console.log(`production serves the ${production}`);
  if (development !== 'new search' || production !== 'old search') process.exitCode = 1;
} finally {
  await admin('DELETE', `/api/admin/api-tokens/${encodeURIComponent(productionToken)}`);
}
