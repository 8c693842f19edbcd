// React tutorial, set-up: two flags for the React app.
// - "welcome-banner": on for everyone.
// - "checkout-button": on for signed-in users (those with a userId), with two variants.
import { addStrategy, recreateFlag, setEnabled } from '../admin-api.mjs';

await recreateFlag('welcome-banner', { type: 'release', description: 'New welcome banner on the home page' });
await addStrategy('welcome-banner', 'development', {
  name: 'flexibleRollout',
  parameters: { rollout: '100', stickiness: 'default', groupId: 'welcome-banner' },
  constraints: [],
});
await setEnabled('welcome-banner', 'development', true);

await recreateFlag('checkout-button', {
  type: 'experiment',
  description: 'Checkout button style for signed-in users',
});
await addStrategy('checkout-button', 'development', {
  // stickiness "userId": the strategy needs a userId, so anonymous visitors do not get the flag.
  name: 'flexibleRollout',
  parameters: { rollout: '100', stickiness: 'userId', groupId: 'checkout-button' },
  constraints: [],
  variants: [
    {
      name: 'rounded',
      weight: 500,
      weightType: 'variable',
      stickiness: 'userId',
      payload: { type: 'string', value: 'Check out' },
    },
    {
      name: 'square',
      weight: 500,
      weightType: 'variable',
      stickiness: 'userId',
      payload: { type: 'string', value: 'Pay now' },
    },
  ],
});
await setEnabled('checkout-button', 'development', true);
console.log('Created welcome-banner and checkout-button in development');
