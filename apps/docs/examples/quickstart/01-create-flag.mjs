// Quickstart step 1: create the flag "quickstart-banner", give it a 100% rollout in the
// development environment and turn it on there. Uses the Admin API with an admin token.
// Safe to run more than once: it only creates what is missing.
const baseUrl = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const adminToken = process.env.SWITCHYARD_ADMIN_TOKEN ?? '*:*.quickstart-admin-secret';

const flag = 'quickstart-banner';
const flagPath = `/api/admin/projects/default/features/${flag}`;

/** Calls the Admin API and returns the parsed body; throws on any unexpected status. */
async function admin(method, path, body, { allow404 = false } = {}) {
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

const existing = await admin('GET', flagPath, undefined, { allow404: true });
if (existing) {
  console.log(`Flag ${flag} already exists`);
} else {
  await admin('POST', '/api/admin/projects/default/features', {
    name: flag,
    type: 'release',
    description: 'Shows the new welcome banner',
  });
  console.log(`Created flag ${flag}`);
}

const strategies = await admin('GET', `${flagPath}/environments/development/strategies`);
if (strategies.length === 0) {
  await admin('POST', `${flagPath}/environments/development/strategies`, {
    name: 'flexibleRollout',
    parameters: { rollout: '100', stickiness: 'default', groupId: flag },
    constraints: [],
  });
  console.log('Added a flexibleRollout strategy (100%) in development');
}

await admin('POST', `${flagPath}/environments/development/on`);
console.log(`${flag} is on in development`);
