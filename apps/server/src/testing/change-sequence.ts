import { expect } from 'vitest';
import { environmentUrl, flagUrl } from './flag-api-builders.ts';
import type { TestApp } from './test-app.ts';

/** mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: T[]) => list[Math.floor(next() * list.length)]!,
  };
}

/**
 * Generated writes through the admin API from a seed: flags created, updated, toggled, archived and revived;
 * strategies added, edited and removed (with segments, constraints, variants, disabled ones); variants, segments,
 * tags, context fields. `mixed` adds writes in a second environment, flag-wide and several-flag writes, and ones that
 * change the whole environment. `afterStep` runs after each write with its name; what it returns is collected.
 */
export async function runChangeSequence<T>(
  t: TestApp,
  seed: number,
  length: number,
  options: { mixed?: boolean; afterStep: (op: string) => Promise<T> },
): Promise<T[]> {
  const { mixed = false, afterStep } = options;
  const r = random(seed);
  const flags: string[] = [];
  const archived: string[] = [];
  const segments: number[] = [];
  const steps: T[] = [];
  const ok = (res: { statusCode: number; body: string }) =>
    expect(res.statusCode, res.body).toBeLessThan(300);
  const strategiesOf = async (flag: string) =>
    (await t.admin({ url: `${environmentUrl(flag)}/strategies` })).json() as { id: string }[];
  const strategy = () => ({
    name: 'flexibleRollout',
    title: r.next() < 0.3 ? `t${r.int(9)}` : undefined,
    disabled: r.next() < 0.2,
    parameters: { rollout: String(r.int(101)), stickiness: 'default', groupId: `g${r.int(5)}` },
    constraints:
      r.next() < 0.5 ? [{ contextName: 'plan', operator: 'IN', values: [r.pick(['a', 'b', 'c'])] }] : [],
    segments: segments.length && r.next() < 0.4 ? [r.pick(segments)] : [],
    variants:
      r.next() < 0.3 ? [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'default' }] : [],
  });
  for (let i = 0; i < length; i++) {
    const choices = flags.length
      ? [
          'create',
          'create',
          'update',
          'toggle',
          'toggle',
          'add',
          'add',
          'add',
          'edit',
          'edit',
          'remove',
          'variants',
          'variants',
          'segment',
          'segment-edit',
          'archive',
          // Mixed sequences add more narrow writes (other environment, flag-wide, several flags at once) and
          // whole ones (context fields, revive) between them.
          ...(mixed
            ? [
                'toggle-production',
                'toggle-production',
                'add-production',
                'add-production',
                'stale',
                'tag',
              ].concat(['archive-two', 'context', 'revive'])
            : []),
        ]
      : ['create', 'segment'];
    const op = r.pick(choices);
    const flag = flags.length ? r.pick(flags) : '';
    if (op === 'create') {
      const name = `p${seed}-${i}`;
      ok(await t.admin({ method: 'POST', url: '/api/admin/projects/default/features', payload: { name } }));
      flags.push(name);
    } else if (op === 'update') {
      ok(
        await t.admin({
          method: 'PUT',
          url: flagUrl(flag),
          payload: { description: `d${r.int(100)}`, type: 'release' },
        }),
      );
    } else if (op === 'toggle') {
      ok(await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/${r.next() < 0.5 ? 'on' : 'off'}` }));
    } else if (op === 'add') {
      ok(await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/strategies`, payload: strategy() }));
    } else if (op === 'edit' || op === 'remove') {
      const list = await strategiesOf(flag);
      if (!list.length) continue;
      const id = r.pick(list).id;
      if (op === 'edit')
        ok(
          await t.admin({
            method: 'PUT',
            url: `${environmentUrl(flag)}/strategies/${id}`,
            payload: strategy(),
          }),
        );
      else ok(await t.admin({ method: 'DELETE', url: `${environmentUrl(flag)}/strategies/${id}` }));
    } else if (op === 'variants') {
      const count = r.int(3);
      const variants = Array.from({ length: count }, (_, k) => ({
        name: `v${k}`,
        weight: Math.floor(1000 / count),
        weightType: 'variable',
        stickiness: 'default',
        ...(k === 0 ? { payload: { type: 'string', value: `x${r.int(9)}` } } : {}),
      }));
      ok(await t.admin({ method: 'PUT', url: `${environmentUrl(flag)}/variants`, payload: variants }));
    } else if (op === 'segment') {
      const res = await t.admin({
        method: 'POST',
        url: '/api/admin/segments',
        payload: {
          name: `s${seed}-${i}`,
          constraints: [{ contextName: 'plan', operator: 'IN', values: ['a'] }],
        },
      });
      ok(res);
      segments.push((res.json() as { id: number }).id);
    } else if (op === 'segment-edit') {
      if (!segments.length) continue;
      const id = r.pick(segments);
      ok(
        await t.admin({
          method: 'PUT',
          url: `/api/admin/segments/${id}`,
          payload: {
            name: `s-${id}`,
            constraints: [{ contextName: 'plan', operator: 'IN', values: [`x${r.int(9)}`] }],
          },
        }),
      );
    } else if (op === 'archive') {
      ok(await t.admin({ method: 'DELETE', url: flagUrl(flag) }));
      flags.splice(flags.indexOf(flag), 1);
      archived.push(flag);
    } else if (op === 'toggle-production') {
      const url = `${environmentUrl(flag, 'production')}/${r.next() < 0.5 ? 'on' : 'off'}`;
      ok(await t.admin({ method: 'POST', url }));
    } else if (op === 'add-production') {
      const url = `${environmentUrl(flag, 'production')}/strategies`;
      ok(await t.admin({ method: 'POST', url, payload: strategy() }));
    } else if (op === 'stale') {
      ok(await t.admin({ method: 'PUT', url: flagUrl(flag), payload: { stale: r.next() < 0.5 } }));
    } else if (op === 'tag') {
      const payload = { type: 'simple', value: `t${r.int(3)}` };
      const res = await t.admin({ method: 'POST', url: `/api/admin/features/${flag}/tags`, payload });
      if (res.statusCode === 409) continue;
      ok(res);
    } else if (op === 'archive-two') {
      if (flags.length < 2) continue;
      const two = [flag, flags.find((f) => f !== flag)!];
      ok(
        await t.admin({
          method: 'POST',
          url: '/api/admin/projects/default/archive',
          payload: { features: two },
        }),
      );
      for (const name of two) flags.splice(flags.indexOf(name), 1);
      archived.push(...two);
    } else if (op === 'context') {
      const res = await t.admin({
        method: 'POST',
        url: '/api/admin/context',
        payload: { name: `c${seed}-${i}`, legalValues: [{ value: 'a' }] },
      });
      ok(res);
    } else if (op === 'revive') {
      if (!archived.length) continue;
      const name = archived.splice(r.int(archived.length), 1)[0]!;
      ok(await t.admin({ method: 'POST', url: `/api/admin/archive/revive/${name}` }));
      flags.push(name);
    }
    steps.push(await afterStep(op));
  }
  return steps;
}
