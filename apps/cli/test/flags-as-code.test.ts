import { Ajv2020 } from 'ajv/dist/2020.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PUBLISHED_SCHEMA } from '../src/reference.ts';
import type { ServerProcess } from '../../server/src/testing/server-process.ts';
import { admin, ADMIN, CLIENT, CLIENT_PRODUCTION, cli, cliProcess, startServer } from './cli-harness.ts';
import { clientPayload, payloadDigest } from './payload-digest.ts';

let source: ServerProcess;
let target: ServerProcess;
const P = '/api/admin/projects/default';
const temp = () => mkdtempSync(path.join(tmpdir(), 'switchyard-fac-'));
const as = (server: ServerProcess) => ({ SWITCHYARD_URL: server.url, SWITCHYARD_TOKEN: ADMIN });

/** A project with what flags as code must carry: strategies with constraints, segments, strategy and flag variants. */
async function seed(server: ServerProcess) {
  const send = admin(server);
  await send('POST', '/api/admin/context', {
    name: 'region',
    description: 'Where the user is served from',
    stickiness: true,
    legalValues: [{ value: 'eu' }, { value: 'us' }, { value: 'apac' }, { value: 'sa' }],
  });
  const { id: eu } = await send('POST', '/api/admin/segments', {
    name: 'eu-users',
    description: 'Users in the EU',
    constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }],
  });
  await send('POST', `${P}/features`, { name: 'checkout', description: 'The new checkout' });
  await send('POST', `${P}/features/checkout/environments/development/strategies`, {
    name: 'flexibleRollout',
    parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
    constraints: [{ contextName: 'appName', operator: 'IN', values: ['web', 'switchyard-plan'] }],
  });
  await send('POST', `${P}/features/checkout/environments/production/strategies`, {
    name: 'flexibleRollout',
    title: 'EU first',
    parameters: { rollout: '25', stickiness: 'default', groupId: 'checkout' },
    segments: [eu],
    variants: [
      { name: 'blue', weight: 500, weightType: 'variable', stickiness: 'default' },
      {
        name: 'green',
        weight: 500,
        weightType: 'variable',
        stickiness: 'default',
        payload: { type: 'string', value: 'g' },
      },
    ],
  });
  await send('PUT', `${P}/features/checkout/environments/development/variants`, [
    { name: 'a', weight: 200, weightType: 'fix', stickiness: 'default' },
    {
      name: 'b',
      weight: 800,
      weightType: 'variable',
      stickiness: 'default',
      overrides: [{ contextName: 'userId', values: ['user-1'] }],
    },
  ]);
  await send('POST', `${P}/features/checkout/environments/development/on`);
  await send('POST', `${P}/features/checkout/environments/production/on`);
  await send('POST', `${P}/features`, {
    name: 'payments-kill-switch',
    type: 'kill-switch',
    impressionData: true,
  });
  await send('POST', `${P}/features/payments-kill-switch/environments/production/strategies`, {
    name: 'default',
  });
  await send('POST', `${P}/features/payments-kill-switch/environments/production/on`);
  await send('POST', `${P}/features`, { name: 'beta-banner', type: 'experiment' });
}

const digestOf = async (server: ServerProcess, token: string) =>
  payloadDigest(await clientPayload(server.url, token));
const flagOf = async (server: ServerProcess, name: string) =>
  (await admin(server)('GET', `${P}/features/${name}`)) as {
    environments: { name: string; enabled: boolean; strategies: { parameters: Record<string, string> }[] }[];
  };

beforeAll(async () => {
  [source, target] = await Promise.all([startServer(), startServer()]);
  await seed(source);
});
afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

describe('flags as code', () => {
  it('exports, and applied to an empty server serves the same Client API payload', async () => {
    const dir = temp();
    const exported = await cli(['export', '--project', 'default', dir], as(source));
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/Exported 3 flags, 1 segment and \d+ context fields/);
    expect(readdirSync(path.join(dir, 'flags')).sort()).toEqual([
      'beta-banner.yaml',
      'checkout.yaml',
      'payments-kill-switch.yaml',
    ]);
    expect(readFileSync(path.join(dir, 'flags/checkout.yaml'), 'utf8')).toMatch(/segments:\n\s+- eu-users\n/);
    // A second export of an unchanged server changes no byte.
    const again = temp();
    await cli(['export', '--project', 'default', again], as(source));
    for (const file of ['flags/checkout.yaml', 'segments.yaml', 'context-fields.yaml'])
      expect(readFileSync(path.join(again, file), 'utf8')).toBe(readFileSync(path.join(dir, file), 'utf8'));

    const planned = await cli(['plan', dir, '--exit-code'], as(target));
    expect(planned.code, planned.stderr).toBe(3);
    expect(planned.stdout).toContain('+ flag checkout (flags/checkout.yaml): create');
    expect(planned.stdout).toContain('+ segment eu-users (segments.yaml): create');
    expect(planned.stdout).toMatch(/checkout: \+\d+(\.\d)?% of users in production would now get the flag/);

    const applied = await cli(['apply', dir], as(target));
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toMatch(/\[apply\] \d+\/\d+ create flag checkout/);
    for (const token of [CLIENT, CLIENT_PRODUCTION])
      await expect
        .poll(() => digestOf(target, token), { timeout: 10_000 })
        .toBe(await digestOf(source, token));
    expect((await clientPayload(target.url, CLIENT_PRODUCTION)).features.length).toBe(3);
    const clean = await cli(['plan', dir, '--exit-code'], as(target));
    expect(clean.code, clean.stdout).toBe(0);
    expect(clean.stdout).toContain('No differences');
  });

  it('writes files that name the published schema and validate against it', async () => {
    // The docs site serves apps/docs/static/ at its root; reference.test.ts holds the file equal to the CLI's schema.
    const published = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../..', PUBLISHED_SCHEMA), 'utf8'),
    ) as Record<string, unknown>;
    const url = 'https://docs.example.com/schemas/flags-as-code.schema.json';
    const dir = temp();
    const exported = await cli(['export', '--project', 'default', '--schema-url', url, dir], as(source));
    expect(exported.code, exported.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'switchyard.schema.json'), 'utf8'))).toEqual(published);

    const validate = new Ajv2020({ allErrors: true }).compile(published);
    const files = [
      'switchyard.yaml',
      'segments.yaml',
      'context-fields.yaml',
      ...readdirSync(path.join(dir, 'flags')).map((f) => `flags/${f}`),
    ];
    expect(files).toHaveLength(6);
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      expect(text.split('\n')[0], file).toBe(`# yaml-language-server: $schema=${url}`);
      expect(validate(parse(text)), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    // Not vacuous: a flag whose environment says "yes" where a boolean belongs fails it.
    const flag = parse(readFileSync(path.join(dir, 'flags/checkout.yaml'), 'utf8')) as {
      environments: Record<string, { enabled: unknown }>;
    };
    flag.environments.production!.enabled = 'yes';
    expect(validate(flag)).toBe(false);

    // Without --schema-url the files name the copy beside them; an address that is not one is refused.
    const local = temp();
    await cli(['export', '--project', 'default', local], as(source));
    expect(readFileSync(path.join(local, 'flags/checkout.yaml'), 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=\.\.\/switchyard\.schema\.json\n/,
    );
    const refused = await cli(
      ['export', '--project', 'default', '--schema-url', 'schemas/x.json', local],
      as(source),
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--schema-url must be an absolute http(s) address');
  });

  it('shows a change made in the UI as drift in the plan, with its impact', async () => {
    const dir = temp();
    expect((await cli(['export', '--project', 'default', dir], as(target))).code).toBe(0);
    // Someone raises the production rollout and makes a flag in the UI.
    const flag = await flagOf(target, 'checkout');
    const production = flag.environments.find((e) => e.name === 'production')!;
    const strategy = production.strategies[0] as unknown as {
      id: string;
      name: string;
      title: string;
      parameters: Record<string, string>;
      segments: number[];
      variants: unknown[];
    };
    await admin(target)('PUT', `${P}/features/checkout/environments/production/strategies/${strategy.id}`, {
      name: strategy.name,
      title: strategy.title,
      parameters: { ...strategy.parameters, rollout: '90' },
      segments: strategy.segments,
      variants: strategy.variants,
    });
    await admin(target)('POST', `${P}/features`, { name: 'made-in-the-ui' });

    const plan = await cliProcess(['plan', dir, '--exit-code'], as(target));
    expect(plan.code, plan.stderr).toBe(3);
    expect(plan.stdout).toContain('~ flag checkout (flags/checkout.yaml): update');
    expect(plan.stdout).toMatch(/- +rollout: "90"\n +\+ +rollout: "25"\n/);
    expect(plan.stdout).toContain('? flag made-in-the-ui (flags/made-in-the-ui.yaml): on the server only');
    expect(plan.stdout).toMatch(/checkout: −\d+(\.\d)?% of users in production would lose it/);
    const json = JSON.parse((await cli(['plan', dir, '--json'], as(target))).stdout);
    expect(json.serverOnlyFlags).toEqual(['made-in-the-ui']);
    expect(json.steps).toEqual([
      expect.objectContaining({ kind: 'updateStrategy', flag: 'checkout', environment: 'production' }),
    ]);

    // Apply puts the files' rollout back; the flag made in the UI stays unless --prune.
    expect((await cli(['apply', dir], as(target))).code).toBe(0);
    expect(
      (await flagOf(target, 'checkout')).environments.find((e) => e.name === 'production')!.strategies[0]!
        .parameters.rollout,
    ).toBe('25');
    const pruned = await cli(['apply', dir, '--prune'], as(target));
    expect(pruned.code, pruned.stderr).toBe(0);
    expect((await cli(['plan', dir, '--exit-code'], as(target))).code).toBe(0);
  });

  it('opens a change request where the environment requires one, and writes nothing directly', async () => {
    const send = admin(target);
    await send('PUT', `${P}/environments/production/change-requests/config`, {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
    const repo = temp();
    const dir = path.join(repo, 'flags');
    expect((await cli(['export', '--project', 'default', dir], as(target))).code).toBe(0);
    const file = path.join(dir, 'flags/checkout.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('rollout: "25"', 'rollout: "60"'));
    const banner = path.join(dir, 'flags/beta-banner.yaml');
    writeFileSync(
      banner,
      readFileSync(banner, 'utf8').replace(
        /production:\n {4}enabled: false/,
        'production:\n    enabled: true\n    strategies:\n      - name: default',
      ),
    );
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
    git('init', '-q', '-b', 'main');
    git(
      '-c',
      'user.name=Dev',
      '-c',
      'user.email=dev@example.com',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'x',
    );
    git('add', '.');
    git(
      '-c',
      'user.name=Dev',
      '-c',
      'user.email=dev@example.com',
      'commit',
      '-q',
      '-m',
      'Roll checkout out to 60%',
    );
    const sha = git('rev-parse', 'HEAD');
    const before = await send('GET', `${P}/features/checkout`);
    const eventsBefore = (await send('GET', '/api/admin/events')) as { events: unknown[] };

    const applied = await cli(['apply', dir, '--json'], {
      ...as(target),
      SWITCHYARD_COMMIT_URL: 'https://git.example.com/web/commit/{sha}',
    });
    expect(applied.code, applied.stderr).toBe(0);
    const result = JSON.parse(applied.stdout);
    expect(result.written).toBe(0);
    expect(result.changeRequests).toEqual([
      {
        environment: 'production',
        id: expect.any(Number),
        url: `${target.url}/projects/default/change-requests/${result.changeRequests[0].id}`,
        changes: 3,
        state: 'In review',
      },
    ]);
    // Nothing changed directly: the flags are as they were, and the only events are the change request's own.
    expect(await send('GET', `${P}/features/checkout`)).toEqual(before);
    expect(
      (await flagOf(target, 'beta-banner')).environments.find((e) => e.name === 'production')!.enabled,
    ).toBe(false);
    const events = ((await send('GET', '/api/admin/events')) as { events: { type: string }[] }).events.slice(
      0,
      -eventsBefore.events.length || undefined,
    );
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e) => !/^change-/.test(e.type)).map((e) => e.type)).toEqual([]);

    const request = (await send('GET', `${P}/change-requests/${result.changeRequests[0].id}`)) as {
      title: string;
      state: string;
      comments: { text: string }[];
      features: { name: string; changes: { action: string }[] }[];
    };
    expect(request.title).toBe(`Flags as code: Roll checkout out to 60% (${sha.slice(0, 7)})`);
    expect(request.state).toBe('In review');
    expect(request.comments.map((c) => c.text)).toEqual([
      `Applied by \`switchyard apply\` from commit https://git.example.com/web/commit/${sha}`,
    ]);
    expect(request.features.map((f) => [f.name, f.changes.map((c) => c.action)]).sort()).toEqual([
      ['beta-banner', ['addStrategy', 'updateEnabled']],
      ['checkout', ['updateStrategy']],
    ]);
    // The text form reports where to review it.
    await send('DELETE', `${P}/change-requests/${result.changeRequests[0].id}`).catch(() => undefined);
    const text = await cli(['apply', dir], as(target));
    expect(text.stdout).toMatch(
      new RegExp(
        `Opened change request #\\d+ for production \\(3 change\\(s\\), In review\\): ${target.url}/projects/default/change-requests/\\d+`,
      ),
    );
    await send('PUT', `${P}/environments/production/change-requests/config`, {
      changeRequestsEnabled: false,
    });
  });
  it('runs the CI recipe: plan on the pull request, apply on merge, with a local bare repository', async () => {
    const send = admin(target);
    await send('PUT', `${P}/environments/production/change-requests/config`, { changeRequestsEnabled: true });
    const root = temp();
    const origin = path.join(root, 'origin.git');
    const run = (cwd: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args], {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }).trim();
    run(root, 'init', '-q', '--bare', '-b', 'main', origin);
    // The team keeps the flags of project default in flags/ of its repository.
    const laptop = path.join(root, 'laptop');
    run(root, 'clone', '-q', origin, laptop);
    expect((await cliProcess(['export', '--project', 'default', 'flags'], as(target), laptop)).code).toBe(0);
    run(laptop, 'add', '.');
    run(laptop, 'commit', '-q', '-m', 'Flags as code for project default');
    run(laptop, 'push', '-q', 'origin', 'main');
    // A pull request raises the development rollout and turns the banner on in production.
    run(laptop, 'checkout', '-q', '-b', 'launch-banner');
    const checkout = path.join(laptop, 'flags/flags/checkout.yaml');
    writeFileSync(checkout, readFileSync(checkout, 'utf8').replace('rollout: "50"', 'rollout: "75"'));
    const banner = path.join(laptop, 'flags/flags/beta-banner.yaml');
    const bannerText = readFileSync(banner, 'utf8');
    expect(bannerText).toMatch(/production:\n {4}enabled: false/);
    writeFileSync(
      banner,
      bannerText.replace(
        /production:\n {4}enabled: false/,
        'production:\n    enabled: true\n    strategies:\n      - name: default',
      ),
    );
    run(laptop, 'commit', '-q', '-am', 'Launch the beta banner');
    run(laptop, 'push', '-q', 'origin', 'launch-banner');
    const before = await flagOf(target, 'checkout');

    // CI on the pull request: a fresh checkout of the branch, then plan.
    const prJob = path.join(root, 'pr-job');
    run(root, 'clone', '-q', '--branch', 'launch-banner', origin, prJob);
    const plan = await cliProcess(['plan', 'flags', '--exit-code'], as(target), prJob);
    expect(plan.code, plan.stderr).toBe(3);
    expect(plan.stdout).toMatch(/- +rollout: "50"\n +\+ +rollout: "75"/);
    expect(plan.stdout).toMatch(/beta-banner: \+100% of users in production would now get the flag/);
    expect(plan.stdout).toMatch(/checkout: \+\d+(\.\d)?% of users in development would now get the flag/);
    expect(plan.stdout).toContain(
      'Apply would make 1 direct write(s) and put 2 change(s) into change requests (production requires them)',
    );
    expect(await flagOf(target, 'checkout')).toEqual(before);

    // The pull request is merged; CI on main applies what was merged.
    run(laptop, 'checkout', '-q', 'main');
    run(
      laptop,
      'merge',
      '-q',
      '--no-ff',
      '-m',
      'Merge pull request #7: launch the beta banner',
      'launch-banner',
    );
    run(laptop, 'push', '-q', 'origin', 'main');
    const mainJob = path.join(root, 'main-job');
    run(root, 'clone', '-q', origin, mainJob);
    const merge = run(mainJob, 'rev-parse', 'HEAD');
    const applied = await cliProcess(
      ['apply', 'flags'],
      { ...as(target), GITHUB_SERVER_URL: 'https://github.example.com', GITHUB_REPOSITORY: 'acme/web' },
      mainJob,
    );
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Applied: 1 direct write(s).');
    const [, id] = /Opened change request #(\d+) for production/.exec(applied.stdout) ?? [];
    expect(id).toBeDefined();
    // Development changed directly; production waits for review in a change request that links to the merge.
    expect(
      (await flagOf(target, 'checkout')).environments.find((e) => e.name === 'development')!.strategies[0]!
        .parameters.rollout,
    ).toBe('75');
    expect(
      (await flagOf(target, 'beta-banner')).environments.find((e) => e.name === 'production')!.enabled,
    ).toBe(false);
    const request = (await send('GET', `${P}/change-requests/${id}`)) as {
      title: string;
      comments: { text: string }[];
    };
    expect(request.title).toBe(
      `Flags as code: Merge pull request #7: launch the beta banner (${merge.slice(0, 7)})`,
    );
    expect(request.comments[0]!.text).toContain(`https://github.example.com/acme/web/commit/${merge}`);
    await send('PUT', `${P}/environments/production/change-requests/config`, {
      changeRequestsEnabled: false,
    });
  });
});
