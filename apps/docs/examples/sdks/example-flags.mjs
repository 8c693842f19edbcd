// Creates the flags the SDK examples evaluate, through Switchyard's Admin API.
// Run it on its own (`node example-flags.mjs`) or let the examples import it.
// It needs SWITCHYARD_ADMIN_TOKEN; without one it does nothing and the examples
// simply evaluate flags that do not exist (false, or your fallback).
import { pathToFileURL } from 'node:url';

export const EXAMPLE_FLAG = 'docs.sdk-example';
export const STREAMING_FLAG = 'docs.sdk-streaming';

const baseUrl = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const adminToken = process.env.SWITCHYARD_ADMIN_TOKEN;

/** The environment of an SDK token is the text between the first ':' and the first '.'. */
export function environmentOf(token) {
  const match = /^[^:]+:([^.]+)\./.exec(token ?? '');
  return match ? match[1] : 'development';
}

/** Calls the Admin API and returns the status; any status outside 2xx and `allowed` is an error. */
async function admin(method, path, body, allowed = []) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    // Only send a Content-Type with a body: an empty body declared as JSON is refused with 400.
    headers:
      body === undefined
        ? { Authorization: adminToken }
        : { Authorization: adminToken, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok && !allowed.includes(response.status)) {
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  }
  return response.status;
}

/** Creates a flag with one strategy and turns it on, unless it already exists. Returns true when it created it. */
async function ensureFlag(name, environment, strategy, description) {
  const flagPath = `/api/admin/projects/default/features/${encodeURIComponent(name)}`;
  if ((await admin('GET', flagPath, undefined, [404])) === 200) return false;
  const created = await admin(
    'POST',
    '/api/admin/projects/default/features',
    { name, type: 'experiment', description, impressionData: true },
    [409],
  );
  if (created === 409) return false; // another example created it at the same moment
  await admin('POST', `${flagPath}/environments/${environment}/strategies`, strategy);
  await admin('POST', `${flagPath}/environments/${environment}/on`);
  return true;
}

/**
 * "docs.sdk-example": on for users on the "pro" plan, who get the variant "blue" or "green" (50/50, sticky per user).
 * "docs.sdk-streaming": on for everyone; the streaming example switches it off and on again.
 */
export async function ensureExampleFlags(environment = environmentOf(process.env.SWITCHYARD_CLIENT_TOKEN)) {
  if (!adminToken) return false;
  const color = (hex) => ({ type: 'json', value: JSON.stringify({ color: hex }) });
  await ensureFlag(
    EXAMPLE_FLAG,
    environment,
    {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: EXAMPLE_FLAG },
      constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'] }],
      variants: [
        {
          name: 'blue',
          weight: 500,
          weightType: 'variable',
          stickiness: 'default',
          payload: color('#1f6feb'),
        },
        {
          name: 'green',
          weight: 500,
          weightType: 'variable',
          stickiness: 'default',
          payload: color('#2da44e'),
        },
      ],
    },
    'Evaluated by the SDK examples in the docs: on for the pro plan, with variants blue and green.',
  );
  await ensureFlag(
    STREAMING_FLAG,
    environment,
    { name: 'default', parameters: {}, constraints: [] },
    'Switched off and on by the streaming example in the docs.',
  );
  return true;
}

/** Switches a flag on or off in one environment (used by the streaming example). */
export async function switchFlag(name, environment, on) {
  const path = `/api/admin/projects/default/features/${encodeURIComponent(name)}/environments/${environment}/${on ? 'on' : 'off'}`;
  await admin('POST', path);
}

export const hasAdminToken = Boolean(adminToken);

// Run directly: create the flags and say so.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const done = await ensureExampleFlags();
  console.log(
    done
      ? `example flags ready: ${EXAMPLE_FLAG}, ${STREAMING_FLAG}`
      : 'SWITCHYARD_ADMIN_TOKEN not set: nothing to do',
  );
}
