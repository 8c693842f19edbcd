// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { ensureUnleash, UNLEASH_VERSION } from '../../migrate/scripts/install-unleash.mjs';
import { openAdminSession, type AdminSession } from './admin-session.ts';
import { browserMissing, screenshot } from './browser.ts';

const missing = browserMissing();

/** The paths Switchyard answers; anything else is one of the frontend's files or one of its screens. */
const API_PREFIXES = ['/api/', '/auth/', '/logout', '/health', '/invite/', '/edge/'];

/** Files of the build, by extension, with the type a browser needs to run them. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.html': 'text/html',
};

/**
 * Serves Unleash's own frontend build as Unleash's server does (its index.html with the placeholders filled, its
 * files, and index.html again for every screen's address) and passes the API's paths to Switchyard unchanged.
 */
function serveUnleashFrontend(buildDir: string, upstream: URL): Promise<Server & { url: string }> {
  const index = readFileSync(path.join(buildDir, 'index.html'), 'utf8')
    .replaceAll('::baseUriPath::', '')
    .replaceAll('::faviconPrefix::', '')
    .replaceAll('::cdnPrefix::', '')
    .replaceAll('::uiFlags::', '{}')
    .replaceAll('::unleashToken::', '');
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', 'http://frontend');
    if (
      API_PREFIXES.some(
        (prefix) => url.pathname.startsWith(prefix) || url.pathname === prefix.replace(/\/$/, ''),
      )
    ) {
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.writeHead(502).end());
      incoming.pipe(forwarded);
      return;
    }
    const file = path.join(buildDir, path.normalize(decodeURIComponent(url.pathname)));
    if (file.startsWith(buildDir + path.sep) && existsSync(file) && !file.endsWith('index.html')) {
      const type = TYPES[path.extname(file)];
      if (type) {
        outgoing.writeHead(200, { 'content-type': type }).end(readFileSync(file));
        return;
      }
    }
    outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(index);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve(Object.assign(server, { url: `http://127.0.0.1:${port}` }));
    });
  });
}

/** The analytics screen's two calls (getInstanceInsights, getLifecycleTrends): answered, no longer 404s. */
const INSIGHTS = /^\/api\/admin\/insights(\/lifecycle)?$/;
const insightsAnswers = new Set<string>();

/** The flag page asks for the flag's saved impact-metric charts (issues 33/34): answered, no longer a 404. */
const CHART_CONFIGS = /^\/api\/admin\/projects\/[^/]+\/features\/[^/]+\/impact-metrics\/config$/;
const chartAnswers: number[] = [];

/** What went wrong on one screen: an error boundary, a console error, an uncaught exception, a failed call. */
type Trouble = string;

describe.skipIf(missing)(
  `Unleash ${UNLEASH_VERSION}'s own admin UI on Switchyard, in Chromium`,
  { timeout: 60_000 },
  () => {
    let session: AdminSession;
    let page: Page;
    let frontend: Server & { url: string };
    let troubles: Trouble[] = [];
    /** The screens are opened one by one after the sign-in, each on its own: one failing does not hide the others. */
    let signedIn = false;
    let seeded: Seeded;
    const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);

    beforeAll(async () => {
      const entry = (ensureUnleash as () => string)();
      // 7.6.5 is the last Apache-2.0 release: the test serves its build only because the licence allows it.
      expect(JSON.parse(readFileSync(path.join(entry, 'package.json'), 'utf8')).license).toBe('Apache-2.0');
      session = await openAdminSession();
      page = session.page;
      frontend = await serveUnleashFrontend(path.join(entry, 'frontend/build'), new URL(session.server.url));
      seeded = await seed(api, session.server.url);
      // The outside internet (its fonts from Google) is answered empty, as the rules of the house want it faked.
      await page.route(
        (url) => url.hostname !== '127.0.0.1',
        (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
      );
      page.on('console', (message) => {
        // A failed call is reported by the response listener below, with its method and path (and its tolerance).
        if (
          message.type() !== 'error' ||
          message.text().startsWith('Failed to load resource: the server responded')
        )
          return;
        troubles.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => troubles.push(`uncaught: ${error.message}`));
      page.on('request', (request) => {
        if (new URL(request.url()).origin === frontend.url) inFlight++;
      });
      const answered = (request: { url(): string }) => {
        if (new URL(request.url()).origin === frontend.url) inFlight--;
      };
      page.on('requestfinished', answered);
      page.on('requestfailed', answered);
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === frontend.url && CHART_CONFIGS.test(url.pathname))
          chartAnswers.push(response.status());
        if (url.origin === frontend.url && INSIGHTS.test(url.pathname))
          insightsAnswers.add(`${url.pathname} → ${response.status()}`);
        if (url.origin !== frontend.url || response.status() < 400) return;
        troubles.push(`${response.request().method()} ${url.pathname}${url.search} → ${response.status()}`);
      });
    }, 180_000);
    afterAll(async () => {
      await session?.close();
      await new Promise((resolve) => frontend?.close(resolve));
    });

    /** Calls the page has sent and not yet seen answered: the screen is ready when none is left for a moment. */
    let inFlight = 0;
    async function settled(): Promise<void> {
      let quietSince = Date.now();
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        await page.waitForTimeout(50);
        if (inFlight > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 400) return;
      }
      throw new Error(`calls still unanswered after 15 s`);
    }

    /**
     * Opens a screen as a click on a link does (the router's own navigation, without reloading the app), waits until
     * its calls are answered, and returns what went wrong on it.
     */
    async function open(address: string, name: string): Promise<Trouble[]> {
      if (!signedIn) throw new Error('the sign-in failed');
      troubles = [];
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, address);
      await settled();
      if (await page.getByText('Something went wrong', { exact: true }).count())
        troubles.push(`error boundary: ${(await page.locator('pre').first().textContent())?.slice(0, 300)}`);
      if (await page.getByText("Ooops. That's a page we haven't toggled on yet.").count())
        troubles.push('the frontend has no such screen');
      if (troubles.length > 0) await screenshot(page, `unleash-${name}`).catch(() => {});
      return troubles;
    }

    it('shows its own sign-in form, and signs the admin in through it', async () => {
      troubles = [];
      await page.goto(`${frontend.url}/`);
      // Its password form labels the user name field "Email"; Switchyard, like Unleash, takes either.
      await page.getByLabel('Email', { exact: true }).fill('admin');
      await page.getByLabel('Password', { exact: true }).fill('unleash4all');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.waitForLoadState('networkidle');
      // The sign-in form appears because the first call is refused as Unleash refuses it: that one 401 is asked for.
      // Before the sign-in every call is refused, as Unleash refuses it; the first refusal is what shows the form.
      expect(troubles.filter((trouble) => !/→ 401$|401 \(Unauthorized\)/.test(trouble))).toEqual([]);
      signedIn = true;
    });

    const screens: [name: string, address: string][] = [
      ['personal dashboard', '/personal'],
      ['projects', '/projects'],
      ['project overview', '/projects/team'],
      ['project applications', '/projects/team/applications'],
      ['project change requests', '/projects/team/change-requests'],
      ['project actions', '/projects/team/settings/actions'],
      ['project change request settings', '/projects/team/settings/change-requests'],
      ['project settings', '/projects/team/settings'],
      ['project environments', '/projects/team/settings/environments'],
      ['project access', '/projects/team/settings/access'],
      ['project segments', '/projects/team/settings/segments'],
      ['project API access', '/projects/team/settings/api-access'],
      ['project default strategy', '/projects/team/settings/default-strategy'],
      ['project event log', '/projects/team/logs'],
      ['release templates', '/release-templates'],
      ['flag variants', '/projects/team/features/checkout/variants'],
      [
        'strategy editor',
        '/projects/team/features/checkout/strategies/create?environmentId=development&strategyName=flexibleRollout',
      ],
      ['network', '/admin/network'],
      ['project roles', '/admin/roles/project-roles'],
      ['license', '/admin/license'],
      ['flag', '/projects/team/features/checkout'],
      ['flag metrics', '/projects/team/features/checkout/metrics'],
      ['flag settings', '/projects/team/features/checkout/settings'],
      ['flag event log', '/projects/team/features/checkout/logs'],
      ['child flag', '/projects/team/features/checkout-banner'],
      ['flags overview', '/search'],
      ['flag archive', '/archive'],
      ['strategy types', '/strategies'],
      ['segments', '/segments'],
      ['context fields', '/context'],
      ['tag types', '/tag-types'],
      ['API tokens', '/admin/api'],
      ['users', '/admin/users'],
      ['service accounts', '/admin/service-accounts'],
      ['groups', '/admin/groups'],
      ['roles', '/admin/roles'],
      ['single sign-on', '/admin/auth'],
      ['instance', '/admin/instance'],
      ['maintenance', '/admin/maintenance'],
      ['banners', '/admin/banners'],
      ['CORS', '/admin/cors'],
      ['login history', '/admin/logins'],
      ['admin settings', '/admin'],
      ['profile', '/profile'],
      ['personal API tokens', '/profile/personal-api-tokens'],
      ['events', '/history'],
      ['applications', '/applications'],
      ['application', '/applications/checkout-service'],
      ['playground', '/playground'],
      ['integrations', '/integrations'],
    ];

    /** What the seed put on some screens: each must show it, so a screen that renders empty fails too. */
    const shows: Record<string, string> = {
      projects: 'Team',
      flag: 'The new checkout',
      segments: 'beta-testers',
      'context fields': 'Where the customer shops',
      users: 'Maria Member',
      'API tokens': 'checkout-service',
      applications: 'checkout-service',
    };

    /** Waits for the text the seed put on a screen; a screen that renders empty fails. */
    async function expectShown(text: string, name: string): Promise<void> {
      await page
        .getByText(text)
        .first()
        .waitFor({ timeout: 5_000 })
        .catch(async (error: unknown) => {
          await screenshot(page, `unleash-${name.replaceAll(' ', '-')}`).catch(() => {});
          throw error;
        });
    }

    it.each(screens)('opens %s (%s) without an error', async (name, address) => {
      expect(await open(address, name.replaceAll(' ', '-'))).toEqual([]);
      const seeded = shows[name];
      if (!seeded) return;
      await expectShown(seeded, name);
    });

    it("answers the flag page's call for its saved impact-metric charts", () => {
      expect(chartAnswers.length).toBeGreaterThan(0);
      expect(chartAnswers.every((status) => status === 200)).toBe(true);
    });

    /**
     * The screens Unleash keeps for its Enterprise edition: Switchyard serves them, and its ui-config says so
     * (decision record 0061), so the frontend shows them and each must open without an error, with what the seed
     * put there where it says.
     */
    const enterpriseScreens: [name: string, address: string, seeded?: string][] = [
      ['environments', '/environments', 'production'],
      ['new environment', '/environments/create'],
      ['environment', '/environments/production'],
      ['change requests', '/change-requests'],
      ['project change requests (Enterprise)', '/projects/team/change-requests', 'Enable checkout'],
      ['project change request settings (Enterprise)', '/projects/team/settings/change-requests'],
      ['project access (Enterprise)', '/projects/team/settings/access', 'Shoppers'],
      ['project settings (Enterprise)', '/projects/team/settings'],
      ['project actions (Enterprise)', '/projects/team/settings/actions'],
      ['flag settings (Enterprise)', '/projects/team/features/checkout/settings'],
      ['signals', '/integrations/signals', 'checkout-alerts'],
      ['login history (Enterprise)', '/admin/logins', 'admin'],
      ['OIDC settings', '/admin/auth/oidc'],
      ['SAML settings', '/admin/auth/saml'],
      ['password sign-in settings', '/admin/auth/password'],
      ['groups (Enterprise)', '/admin/groups', 'Shoppers'],
      ['new group', '/admin/groups/create-group'],
      ['root roles', '/admin/roles', 'Editor'],
      ['project roles (Enterprise)', '/admin/roles/project-roles', 'Member'],
      ['service accounts (Enterprise)', '/admin/service-accounts', 'deploy-bot'],
      ['users (Enterprise)', '/admin/users', 'Maria Member'],
      ['banners (Enterprise)', '/admin/banners', 'Planned downtime'],
      ['maintenance (Enterprise)', '/admin/maintenance'],
      ['analytics', '/insights'],
      ['impact metrics', '/impact-metrics'],
      ['projects archive', '/projects-archive'],
    ];

    it.each(enterpriseScreens)(
      'opens the Enterprise screen %s (%s) without an error',
      async (name, address, seeded) => {
        expect(await open(address, name.replaceAll(' ', '-'))).toEqual([]);
        if (seeded) await expectShown(seeded, name);
      },
    );

    it("answers both of the analytics screen's calls", () => {
      expect([...insightsAnswers].sort()).toEqual([
        '/api/admin/insights → 200',
        '/api/admin/insights/lifecycle → 200',
      ]);
    });

    it('opens a change request and a group, which the seed made, without an error', async () => {
      expect(await open(`/projects/team/change-requests/${seeded.changeRequest}`, 'change-request')).toEqual(
        [],
      );
      await expectShown('Enable checkout', 'change request');
      expect(await open(`/admin/groups/${seeded.group}`, 'group')).toEqual([]);
      await expectShown('The checkout team', 'group');
    });
  },
);

/** What the seed made that a screen's address names. */
type Seeded = { changeRequest: number; group: number };

/**
 * A project with a flag that has strategies, variants, a child flag, a segment, a context field, people and tokens;
 * a change request waiting in production, a group, a service account, a banner and a signal endpoint.
 */
async function seed(api: AdminSession['api'], url: string): Promise<Seeded> {
  await api('POST', '/api/admin/projects', { id: 'team', name: 'Team', description: 'The seeded project' });
  await api('POST', '/api/admin/context', {
    name: 'region',
    description: 'Where the customer shops',
    legalValues: [{ value: 'eu' }, { value: 'us' }],
  });
  const segment = await api('POST', '/api/admin/segments', {
    name: 'beta-testers',
    description: 'People who asked for early features',
    constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }],
  });
  await api('POST', '/api/admin/projects/team/features', {
    name: 'checkout',
    description: 'The new checkout',
  });
  await api('POST', '/api/admin/projects/team/features/checkout/environments/development/strategies', {
    name: 'flexibleRollout',
    parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
    constraints: [{ contextName: 'region', operator: 'IN', values: ['eu', 'us'] }],
    segments: [segment.id],
    variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }],
  });
  await api('PUT', '/api/admin/projects/team/features/checkout/environments/development/variants', [
    { name: 'red', weight: 500, weightType: 'variable', stickiness: 'default' },
    { name: 'green', weight: 500, weightType: 'variable', stickiness: 'default' },
  ]);
  await api('POST', '/api/admin/projects/team/features/checkout/environments/development/on');
  await api('POST', '/api/admin/projects/team/features/checkout/impact-metrics/config', {
    title: 'Checkout errors',
    metricName: 'unleash_counter_checkout_errors',
    timeRange: 'day',
    aggregationMode: 'count',
    yAxisMin: 'zero',
    labelSelectors: {},
  });
  await api('POST', '/api/admin/projects/team/features', { name: 'checkout-banner' });
  await api('POST', '/api/admin/projects/team/features/checkout-banner/dependencies', {
    feature: 'checkout',
    variants: ['red'],
  });
  const group = await api('POST', '/api/admin/groups', {
    name: 'Shoppers',
    description: 'The checkout team',
    users: [],
  });
  await api('POST', '/api/admin/projects/team/access', { roles: [5], groups: [group.id], users: [] });
  await api('PUT', '/api/admin/projects/team/environments/production/change-requests/config', {
    changeRequestsEnabled: true,
    requiredApprovals: 1,
  });
  const changeRequest = await api(
    'POST',
    '/api/admin/projects/team/environments/production/change-requests',
    {
      action: 'updateEnabled',
      feature: 'checkout',
      payload: { enabled: true },
    },
  );
  await api('PUT', `/api/admin/projects/team/change-requests/${changeRequest.id}/title`, {
    title: 'Enable checkout',
  });
  // A draft shows only to whoever made it (here the admin token); sent for review, the project lists it.
  await api('PUT', `/api/admin/projects/team/change-requests/${changeRequest.id}/state`, {
    state: 'In review',
  });
  await api('POST', '/api/admin/service-account', {
    username: 'deploy-bot',
    name: 'Deploy bot',
    rootRole: 2,
  });
  await api('POST', '/api/admin/banners', { message: 'Planned downtime on Sunday', enabled: true });
  await api('POST', '/api/admin/signal-endpoints', { name: 'checkout-alerts', enabled: true });
  const token = await api('POST', '/api/admin/api-tokens', {
    tokenName: 'checkout-service',
    type: 'client',
    environment: 'development',
    projects: ['team'],
  });
  await api('POST', '/api/admin/user-admin', {
    name: 'Maria Member',
    username: 'maria',
    email: 'maria@example.com',
    password: 'member-password-1',
    rootRole: 2,
  });
  const registered = await fetch(`${url}/api/client/register`, {
    method: 'POST',
    headers: { authorization: token.secret, 'content-type': 'application/json' },
    body: JSON.stringify({
      appName: 'checkout-service',
      instanceId: 'checkout-1',
      sdkVersion: 'unleash-client-node:6.12.1',
      strategies: ['default', 'flexibleRollout'],
      started: new Date().toISOString(),
      interval: 10_000,
    }),
  });
  expect(registered.status).toBeLessThan(300);
  return { changeRequest: changeRequest.id, group: group.id };
}
