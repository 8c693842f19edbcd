// Node.js tutorial, the service: connect once at start-up, evaluate per request with that
// request's context, and flush metrics on shutdown.
import { InMemStorageProvider, startUnleash } from 'unleash-client';

const baseUrl = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const clientToken = process.env.SWITCHYARD_CLIENT_TOKEN ?? 'default:development.quickstart-client-secret';

const unleash = await startUnleash({
  url: `${baseUrl}/api/`,
  appName: 'shop-api',
  customHeaders: { Authorization: clientToken },
  storageProvider: new InMemStorageProvider(),
});

// Flags with impression data on emit an event every time they are evaluated.
unleash.on('impression', (event) => {
  console.log(`  impression: ${event.featureName} was ${event.enabled} for ${event.context.userId}`);
});

/** What one request handler would do: build the context from the request, then ask. */
function handleRequest(user) {
  const context = { userId: user.id, properties: { plan: user.plan } };

  const discount = unleash.isEnabled('pro-discount', context);

  const ranking = unleash.getVariant('search-ranking', context);
  const settings = ranking.payload ? JSON.parse(ranking.payload.value) : { model: 'bm25' };

  // An unknown flag returns the fallback (false unless you pass one).
  const beta = unleash.isEnabled('not-created-yet', context, false);

  console.log(
    `${user.id} (${user.plan}): discount=${discount}, ranking=${ranking.name} (${settings.model}), beta=${beta}`,
  );
}

handleRequest({ id: 'alice', plan: 'pro' });
handleRequest({ id: 'bob', plan: 'free' });
handleRequest({ id: 'carol', plan: 'enterprise' });

// On shutdown: send the last usage counts, then stop polling.
await unleash.destroyWithFlush();
