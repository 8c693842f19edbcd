// Node.js tutorial, set-up: two flags for the "shop-api" service.
// - "pro-discount": on only for users whose plan is "pro" or "enterprise", with impression data.
// - "search-ranking": on for everyone, with two variants carrying a JSON payload.
import { addStrategy, recreateFlag, setEnabled } from '../admin-api.mjs';

await recreateFlag('pro-discount', {
  type: 'release',
  description: 'Discount banner for paying plans',
  impressionData: true,
});
await addStrategy('pro-discount', 'development', {
  name: 'flexibleRollout',
  parameters: { rollout: '100', stickiness: 'default', groupId: 'pro-discount' },
  constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro', 'enterprise'] }],
});
await setEnabled('pro-discount', 'development', true);

await recreateFlag('search-ranking', {
  type: 'experiment',
  description: 'Which ranking model do users prefer?',
});
await addStrategy('search-ranking', 'development', {
  name: 'flexibleRollout',
  parameters: { rollout: '100', stickiness: 'default', groupId: 'search-ranking' },
  constraints: [],
  variants: [
    {
      name: 'classic',
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
      payload: { type: 'json', value: '{"model":"bm25","boostRecent":false}' },
    },
    {
      name: 'semantic',
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
      payload: { type: 'json', value: '{"model":"embeddings","boostRecent":true}' },
    },
  ],
});
await setEnabled('search-ranking', 'development', true);
console.log('Created pro-discount and search-ranking in development');
