import type { adminClient } from './admin-client.ts';

/** What `seedPrivateSegments` made: the segment ids and a client token scoped to the `default` project. */
export type PrivateSegments = { shared: number; vaultOnly: number; defaultToken: string };

/**
 * The repro of issue 30, finding 7, through the Admin API of a running server: a private project `vault` whose
 * flag uses its own segment and a shared one, a flag in `default` using the shared one, and a client token scoped
 * to `default`, which must be served the shared segment and never the private project's.
 */
export async function seedPrivateSegments(
  admin: ReturnType<typeof adminClient>,
  prefix: string,
): Promise<PrivateSegments> {
  const vault = `${prefix}-vault`;
  const constraints = (value: string) => [{ contextName: 'userId', operator: 'IN', values: [value] }];
  await admin.call('POST', '/api/admin/projects', { id: vault, name: vault, mode: 'private' });
  const vaultOnly = (
    await admin.call('POST', '/api/admin/segments', {
      name: `${vault}-staff`,
      project: vault,
      constraints: constraints('vault-user'),
    })
  ).id as number;
  const shared = (
    await admin.call('POST', '/api/admin/segments', {
      name: `${prefix}-shared`,
      constraints: constraints('shared-user'),
    })
  ).id as number;
  await admin.createFlag(`${vault}-door`, vault);
  await admin.addStrategy(
    `${vault}-door`,
    'development',
    { name: 'default', segments: [vaultOnly, shared] },
    vault,
  );
  await admin.createFlag(`${prefix}-door`);
  await admin.addStrategy(`${prefix}-door`, 'development', { name: 'default', segments: [shared] });
  const token = await admin.call('POST', '/api/admin/api-tokens', {
    tokenName: `${prefix}-default-only`,
    type: 'client',
    environment: 'development',
    projects: ['default'],
  });
  return { shared, vaultOnly, defaultToken: token.secret as string };
}

/** The segment ids a Client API payload or a delta hydration carries, sorted. */
export const segmentIds = (body: { segments?: { id: number }[] }): number[] =>
  (body.segments ?? []).map((segment) => segment.id).sort((a, b) => a - b);

/** The first event of an SDK stream (`unleash-connected`), read from its response and then closed. */
export async function firstStreamEvent(
  response: Response,
): Promise<{ type: string; segments?: { id: number }[] }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (!text.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel();
  }
  const data = /^data: (.*)$/m.exec(text)?.[1];
  if (!data) throw new Error(`no event in ${JSON.stringify(text.slice(0, 200))}`);
  return (JSON.parse(data) as { events: { type: string; segments?: { id: number }[] }[] }).events[0]!;
}
