import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag, buildProject, buildSegment } from '../../../testing/flag-builder.ts';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';

/**
 * Issue 30, finding 7: a client token scoped to one project was served the segments of every project, a private
 * project's included. A payload carries the segments its own flags use, and no other (decision record 0024).
 * Fastify's routes, the fast path and the stream all answer from one rule; tests of workers and the edge are in
 * apps/server/test/.
 */
let t: TestApp;
let base: string;
let webToken: string;
/** Used by the web project's flag: every token that sees that flag gets it. */
let shared: number;
/** The private project's own segment, used by its flag. */
let vaultOnly: number;
/** A segment for every project, but used only by the private project's flag. */
let usedInVault: number;
/** Used by a web flag's production strategy only: not a development payload's business. */
let productionOnly: number;
const spec = { 'unleash-client-spec': '5.2.0' };

type Payload = {
  features: { name: string; strategies: { segments?: number[]; constraints: { values: string[] }[] }[] }[];
  segments?: { id: number }[];
};
const ids = (payload: { segments?: { id: number }[] }) => (payload.segments ?? []).map((s) => s.id).sort();

beforeAll(async () => {
  t = await createTestApp();
  await buildProject(t.db, 'web');
  await buildProject(t.db, 'vault');
  await t.db.query("UPDATE projects SET mode = 'private' WHERE id = 'vault'");
  const constraint = (value: string) => [{ contextName: 'userId', operator: 'IN', values: [value] }];
  shared = await buildSegment(t.db, 'shared', constraint('shared-user'));
  vaultOnly = await buildSegment(t.db, 'vault-staff', constraint('vault-user'), { project: 'vault' });
  usedInVault = await buildSegment(t.db, 'vault-global', constraint('vault-global-user'));
  productionOnly = await buildSegment(t.db, 'production-only', constraint('production-user'));
  await buildFlag(t.db, {
    name: 'web-banner',
    project: 'web',
    environments: {
      development: { enabled: true, strategies: [{ segments: [shared] }] },
      production: { enabled: true, strategies: [{ segments: [productionOnly] }] },
    },
  });
  await buildFlag(t.db, {
    name: 'vault-door',
    project: 'vault',
    environments: {
      development: { enabled: true, strategies: [{ segments: [vaultOnly, usedInVault, shared] }] },
    },
  });
  const created = await t.admin({
    method: 'POST',
    url: '/api/admin/api-tokens',
    payload: { tokenName: 'web-only', type: 'client', environment: 'development', projects: ['web'] },
  });
  expect(created.statusCode).toBe(201);
  webToken = created.json().secret;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

const fetchFeatures = (token: string, query = '', headers: Record<string, string> = spec) =>
  fetch(`${base}/api/client/features${query}`, { headers: { authorization: token, ...headers } });

type StreamEvent = { type: string; segment?: { id: number }; segments?: { id: number }[] };

/** An open event stream: `until` reads on until the events read so far satisfy it, and returns them all. */
function eventsOf(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  let text = '';
  return {
    async until(enough: (events: StreamEvent[]) => boolean): Promise<StreamEvent[]> {
      while (!enough(events)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        for (let end = text.indexOf('\n\n'); end !== -1; end = text.indexOf('\n\n')) {
          const data = /^data: (.*)$/m.exec(text.slice(0, end))?.[1];
          text = text.slice(end + 2);
          if (data) events.push(...(JSON.parse(data) as { events: StreamEvent[] }).events);
        }
      }
      return events;
    },
    close: () => reader.cancel(),
  };
}

describe('segments in the Client API payload', () => {
  it("gives a token scoped to one project only the segments of that project's flags (Fastify)", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/client/features',
      headers: { authorization: webToken, ...spec },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Payload;
    expect(body.features.map((f) => f.name)).toEqual(['web-banner']);
    expect(ids(body)).toEqual([shared]);
  });

  it('gives the same answer on the fast path, which answers a known token', async () => {
    const first = await fetchFeatures(webToken);
    const second = await fetchFeatures(webToken);
    const body = (await second.json()) as Payload;
    expect(ids(body)).toEqual([shared]);
    expect(JSON.stringify(body)).toBe(JSON.stringify(await first.json()));
  });

  it('narrows the segments with the project query of a wildcard token too', async () => {
    const narrowed = (await (await fetchFeatures(CLIENT_TOKEN, '?project=web')).json()) as Payload;
    expect(ids(narrowed)).toEqual([shared]);
    const everything = (await (await fetchFeatures(CLIENT_TOKEN)).json()) as Payload;
    // Every development segment a served flag uses, and still not the one only production uses.
    expect(ids(everything)).toEqual([shared, vaultOnly, usedInVault].sort());
  });

  it("inlines only its own flags' segments for SDKs that predate segments by id", async () => {
    const body = (await (await fetchFeatures(webToken, '', {})).json()) as Payload;
    expect(body.segments).toBeUndefined();
    const values = body.features
      .flatMap((f) => f.strategies.flatMap((s) => s.constraints))
      .flatMap((c) => c.values);
    expect(values).toEqual(['shared-user']);
  });

  it('keeps ETags per scope: 304 for the same scope, the full payload for another', async () => {
    const web = await fetchFeatures(webToken);
    const etag = web.headers.get('etag')!;
    expect((await fetchFeatures(webToken, '', { ...spec, 'if-none-match': etag })).status).toBe(304);
    const wide = await fetchFeatures(CLIENT_TOKEN, '', { ...spec, 'if-none-match': etag });
    expect(wide.status).toBe(200);
    expect(wide.headers.get('etag')).not.toBe(etag);
  });

  it('hydrates the delta API with the same segments', async () => {
    const response = await fetch(`${base}/api/client/delta`, { headers: { authorization: webToken } });
    const { events } = (await response.json()) as { events: { type: string; segments: { id: number }[] }[] };
    expect(events[0]!.type).toBe('hydration');
    expect(ids(events[0]!)).toEqual([shared]);
  });

  it('streams neither the segments of other projects nor their changes', async () => {
    const stream = eventsOf(
      await fetch(`${base}/api/client/streaming`, { headers: { authorization: webToken } }),
    );
    try {
      const [connected] = await stream.until((events) => events.length > 0);
      expect(connected!.type).toBe('hydration');
      expect(ids(connected!)).toEqual([shared]);

      const update = (id: number, name: string, value: string, project: string | null) =>
        t.admin({
          method: 'PUT',
          url: `/api/admin/segments/${id}`,
          payload: {
            name,
            project,
            constraints: [{ contextName: 'userId', operator: 'IN', values: [value] }],
          },
        });
      expect((await update(vaultOnly, 'vault-staff', 'vault-user-2', 'vault')).statusCode).toBe(204);
      expect((await update(usedInVault, 'vault-global', 'vault-global-2', null)).statusCode).toBe(204);
      expect((await update(shared, 'shared', 'shared-user-2', null)).statusCode).toBe(204);
      const events = await stream.until((seen) =>
        seen.some((event) => event.type === 'segment-updated' && event.segment?.id === shared),
      );
      const sent = events.flatMap((event) =>
        event.segment ? [event.segment.id] : (event.segments ?? []).map((s) => s.id),
      );
      expect(sent).toContain(shared);
      expect(sent).not.toContain(vaultOnly);
      expect(sent).not.toContain(usedInVault);
    } finally {
      await stream.close();
    }
  });
});
