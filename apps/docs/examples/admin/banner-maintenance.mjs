// Announce a maintenance window to everyone who uses the admin UI, then take the notice down again.
// Uses the Admin API with an admin token; safe to run more than once.
const baseUrl = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const adminToken = process.env.SWITCHYARD_ADMIN_TOKEN ?? '*:*.quickstart-admin-secret';

async function admin(method, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body
      ? { Authorization: adminToken, 'Content-Type': 'application/json' }
      : { Authorization: adminToken },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

// 1. Show a warning with a dialog that explains the details.
const banner = await admin('POST', '/api/admin/banners', {
  message: 'Switchyard is upgraded on Sunday 06:00-06:30 UTC. Flags keep working; editing pauses.',
  variant: 'warning',
  sticky: true,
  link: 'dialog',
  linkText: 'What changes?',
  dialogTitle: 'Sunday upgrade',
  dialog: 'SDKs keep serving the flags they have.\n\nThe admin UI is read-only for about 30 minutes.',
});
console.log(`Created banner ${banner.id} (${banner.variant}, enabled: ${banner.enabled})`);

// 2. Everyone signed in sees the enabled banners.
const { banners } = await admin('GET', '/api/admin/banners');
console.log(`Enabled banners: ${banners.filter((b) => b.enabled).length}`);

// 3. After the upgrade: say so, then hide the banner but keep it for next time.
await admin('PUT', `/api/admin/banners/${banner.id}`, {
  message: 'The upgrade is done.',
  variant: 'success',
  link: null,
});
const hidden = await admin('POST', `/api/admin/banners/${banner.id}/off`);
console.log(`Banner ${hidden.id} now says "${hidden.message}" and is enabled: ${hidden.enabled}`);
