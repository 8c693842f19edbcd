// Node.js SDK in streaming mode: Switchyard pushes flag changes over server-sent events within a second.
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { initialize, InMemStorageProvider } from 'unleash-client';
import {
  STREAMING_FLAG,
  ensureExampleFlags,
  environmentOf,
  hasAdminToken,
  switchFlag,
} from './example-flags.mjs';

const url = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const clientToken = process.env.SWITCHYARD_CLIENT_TOKEN ?? 'default:development.quickstart-client-secret';

await ensureExampleFlags(); // "docs.sdk-streaming": on for everyone

const unleash = initialize({
  url: `${url}/api/`,
  appName: 'docs-node-streaming',
  customHeaders: { Authorization: clientToken },
  storageProvider: new InMemStorageProvider(),
  experimentalMode: { type: 'streaming' }, // keep GET /api/client/streaming open instead of polling
});
unleash.on('error', (error) => console.error('SDK error:', error.message));
await once(unleash, 'synchronized');
console.log(`${STREAMING_FLAG} at start:`, unleash.isEnabled(STREAMING_FLAG));

if (hasAdminToken) {
  // Change the flag through the Admin API and time how long the change takes to reach this SDK.
  const environment = environmentOf(clientToken);
  for (const on of [false, true]) {
    const started = Date.now();
    const changed = once(unleash, 'changed');
    await switchFlag(STREAMING_FLAG, environment, on);
    const arrived = await Promise.race([changed.then(() => true), sleep(5000, false)]);
    if (!arrived) {
      console.error(`switched ${STREAMING_FLAG} ${on ? 'on' : 'off'}, but no update arrived within 5 s`);
      process.exitCode = 1;
      break;
    }
    console.log(
      `${STREAMING_FLAG} switched ${on ? 'on' : 'off'}: SDK sees ${unleash.isEnabled(STREAMING_FLAG)} after ${Date.now() - started} ms`,
    );
  }
} else {
  console.log('set SWITCHYARD_ADMIN_TOKEN to watch a change arrive over the stream');
}

unleash.destroy();
