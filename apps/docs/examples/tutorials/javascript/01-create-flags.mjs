// JavaScript (browser SDK) tutorial, set-up: two flags for the "web-shop" front end.
// - "new-header": on for visitors whose country is NO or SE.
// - "cta-color": on for everyone, with two variants whose payload is a colour.
import { addStrategy, recreateFlag, setEnabled } from '../admin-api.mjs';

await recreateFlag('new-header', { type: 'release', description: 'Redesigned header, Nordics first' });
await addStrategy('new-header', 'development', {
  name: 'flexibleRollout',
  parameters: { rollout: '100', stickiness: 'default', groupId: 'new-header' },
  constraints: [{ contextName: 'country', operator: 'IN', values: ['NO', 'SE'] }],
});
await setEnabled('new-header', 'development', true);

await recreateFlag('cta-color', { type: 'experiment', description: 'Colour of the call-to-action button' });
await addStrategy('cta-color', 'development', {
  name: 'flexibleRollout',
  parameters: { rollout: '100', stickiness: 'default', groupId: 'cta-color' },
  constraints: [],
  variants: [
    {
      name: 'green',
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
      payload: { type: 'string', value: '#2e7d32' },
    },
    {
      name: 'orange',
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
      payload: { type: 'string', value: '#ef6c00' },
    },
  ],
});
await setEnabled('cta-color', 'development', true);
console.log('Created new-header and cta-color in development');
