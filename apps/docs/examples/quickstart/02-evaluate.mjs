// Quickstart step 2: evaluate "quickstart-banner" with the Node.js SDK, as a back-end service would.
// Uses a client token, which only reads flags of its project and environment.
import { InMemStorageProvider, startUnleash } from 'unleash-client';

const baseUrl = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const clientToken = process.env.SWITCHYARD_CLIENT_TOKEN ?? 'default:development.quickstart-client-secret';

// startUnleash resolves once the SDK has fetched the flags (and rejects if the token is refused).
const unleash = await startUnleash({
  url: `${baseUrl}/api/`,
  appName: 'quickstart',
  customHeaders: { Authorization: clientToken },
  // Keep the fetched flags in memory instead of writing a backup file to disk.
  storageProvider: new InMemStorageProvider(),
});

for (const userId of ['alice', 'bob']) {
  const enabled = unleash.isEnabled('quickstart-banner', { userId });
  console.log(`quickstart-banner for ${userId}: ${enabled ? 'enabled' : 'disabled'}`);
}

// Send the usage counts to Switchyard, then stop polling so the process can exit.
await unleash.destroyWithFlush();
