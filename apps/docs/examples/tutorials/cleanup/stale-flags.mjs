// Stale flag report, meant to run on a schedule (cron, a CI schedule). It lists flags that have
// outlived the expected lifetime of their flag type and, with --apply, marks them stale.
// Archiving stays a human decision: the report lists flags already marked stale to review.
//
//   node stale-flags.mjs            # report only
//   node stale-flags.mjs --apply    # also mark overdue flags stale
const baseUrl = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';
const adminToken = process.env.SWITCHYARD_ADMIN_TOKEN ?? '*:*.quickstart-admin-secret';
const project = process.env.SWITCHYARD_PROJECT ?? 'default';
const apply = process.argv.includes('--apply');

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

// Each flag type declares how long its flags are expected to live; null means "permanent".
const { types } = await admin('GET', '/api/admin/feature-types');
const lifetimeDays = new Map(types.map((type) => [type.id, type.lifetimeDays]));

const { features: flags } = await admin('GET', `/api/admin/projects/${project}/features`);
const ageInDays = (flag) => Math.floor((Date.now() - Date.parse(flag.createdAt)) / 86_400_000);

const overdue = flags.filter((flag) => {
  const days = lifetimeDays.get(flag.type);
  return !flag.stale && typeof days === 'number' && ageInDays(flag) > days;
});
const alreadyStale = flags.filter((flag) => flag.stale);

console.log(`Project "${project}": ${flags.length} flags`);
console.log(`Overdue (older than their type's lifetime): ${overdue.length}`);
for (const flag of overdue) {
  console.log(
    `  ${flag.name} (${flag.type}, ${ageInDays(flag)} days, expected ${lifetimeDays.get(flag.type)})`,
  );
}
console.log(`Already stale, to review for archiving: ${alreadyStale.length}`);
for (const flag of alreadyStale) console.log(`  ${flag.name} (${flag.type}, ${ageInDays(flag)} days)`);

if (apply && overdue.length > 0) {
  await admin('POST', `/api/admin/projects/${project}/stale`, {
    features: overdue.map((flag) => flag.name),
    stale: true,
  });
  console.log(`Marked ${overdue.length} flags stale`);
} else if (!apply && overdue.length > 0) {
  console.log('Run again with --apply to mark them stale');
}
