// Give a deploy pipeline its own account: an Editor that never signs in and acts through a token.
// Uses the Admin API with an admin token; safe to run more than once.
const baseUrl = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const adminToken = process.env.SWITCHYARD_ADMIN_TOKEN ?? '*:*.quickstart-admin-secret';

async function call(token, method, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body ? { Authorization: token, 'Content-Type': 'application/json' } : { Authorization: token },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

// 1. The account, with the Editor root role (2).
const { serviceAccounts } = await call(adminToken, 'GET', '/api/admin/service-account');
const account =
  serviceAccounts.find((a) => a.username === 'release-pipeline') ??
  (await call(adminToken, 'POST', '/api/admin/service-account', {
    username: 'release-pipeline',
    name: 'Release pipeline',
    rootRole: 2,
  }));
console.log(`Service account ${account.username} (${account.rootRoleName}), id ${account.id}`);

// 2. A token for it. The secret is in this answer only: store it in your CI's secrets.
const expiresAt = new Date(Date.now() + 90 * 24 * 3600 * 1000).toISOString();
const token = await call(adminToken, 'POST', `/api/admin/service-account/${account.id}/token`, {
  description: 'release job',
  expiresAt,
});
console.log(`Token ${token.id} expires ${token.expiresAt.slice(0, 10)}`);

// 3. The pipeline calls the Admin API with that token and acts as the account.
const flag = 'release-pipeline-demo';
const existing = await fetch(`${baseUrl}/api/admin/projects/default/features/${flag}`, {
  headers: { Authorization: token.secret },
});
if (existing.status === 404) {
  await call(token.secret, 'POST', '/api/admin/projects/default/features', { name: flag, type: 'release' });
}
console.log(`Flag ${flag} exists; the event log names ${account.username} as its creator`);

// 4. Retire the token when the job no longer needs it.
await call(adminToken, 'DELETE', `/api/admin/service-account/${account.id}/token/${token.id}`);
console.log('Deleted the token');
