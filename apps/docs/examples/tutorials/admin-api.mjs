// Shared set-up code for the tutorial samples: a few Admin API calls that prepare the flags a
// tutorial evaluates. Application code never does this; it only holds a client or frontend token.
// Running this file on its own does nothing.

/** Where Switchyard listens, and the tokens the quickstart creates (override them with env vars). */
export const baseUrl = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
export const adminToken = process.env.SWITCHYARD_ADMIN_TOKEN ?? '*:*.quickstart-admin-secret';
export const clientToken =
  process.env.SWITCHYARD_CLIENT_TOKEN ?? 'default:development.quickstart-client-secret';
export const frontendToken =
  process.env.SWITCHYARD_FRONTEND_TOKEN ?? 'default:development.quickstart-frontend-secret';

const flagsPath = '/api/admin/projects/default/features';

/** Calls the Admin API and returns the parsed body; throws on any unexpected status. */
export async function admin(method, path, body, { allow404 = false } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    // Only send a Content-Type when there is a body: an empty JSON body is a 400.
    headers: body
      ? { Authorization: adminToken, 'Content-Type': 'application/json' }
      : { Authorization: adminToken },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (allow404 && response.status === 404) return undefined;
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * Creates the flag in project "default", first archiving and deleting any earlier copy so that
 * every run of a tutorial starts from the same state.
 */
export async function recreateFlag(name, { type = 'release', description, impressionData = false } = {}) {
  const path = `${flagsPath}/${encodeURIComponent(name)}`;
  if (await admin('GET', path, undefined, { allow404: true })) await admin('DELETE', path);
  await admin('DELETE', `/api/admin/archive/${encodeURIComponent(name)}`, undefined, { allow404: true });
  await admin('POST', flagsPath, { name, type, description, impressionData });
}

/** Adds a strategy to the flag in one environment and returns it (with its `id`). */
export function addStrategy(flag, environment, strategy) {
  return admin(
    'POST',
    `${flagsPath}/${encodeURIComponent(flag)}/environments/${environment}/strategies`,
    strategy,
  );
}

/** Replaces a strategy's configuration. */
export function updateStrategy(flag, environment, strategyId, strategy) {
  return admin(
    'PUT',
    `${flagsPath}/${encodeURIComponent(flag)}/environments/${environment}/strategies/${strategyId}`,
    strategy,
  );
}

/** Turns the flag on or off in one environment. */
export function setEnabled(flag, environment, enabled) {
  return admin(
    'POST',
    `${flagsPath}/${encodeURIComponent(flag)}/environments/${environment}/${enabled ? 'on' : 'off'}`,
  );
}

/** Resolves once `check()` returns true; SDKs pick up changes on their next poll. */
export async function waitUntil(check, { timeoutMs = 15_000, what = 'the change' } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
