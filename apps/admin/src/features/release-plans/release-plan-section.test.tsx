import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReleasePlan } from '../../api/wire.ts';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { notifySuccess } from '../../ui/notify.ts';
import { ReleasePlanSection } from './release-plan-section.tsx';

// Spied on, not replaced: tests read what the user was told.
vi.mock('../../ui/notify.ts', async (importOriginal) => {
  const notify = await importOriginal<typeof import('../../ui/notify.ts')>();
  return { ...notify, notifySuccess: vi.fn(notify.notifySuccess) };
});

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const BASE = '/api/admin/projects/shop/features/checkout/environments/production/release-plans';
const startedAt = new Date(Date.now() - 10 * 60_000).toISOString();

function buildPlan(extra: Partial<ReleasePlan> & Record<string, unknown> = {}): ReleasePlan {
  const milestone = (id: string, sortOrder: number, rollout: string) => ({
    id,
    name: id,
    sortOrder,
    releasePlanDefinitionId: 'p1',
    transitionCondition: sortOrder === 0 ? { intervalMinutes: 60 } : null,
    startedAt: sortOrder === 0 ? startedAt : null,
    pausedAt: null,
    progressionExecutedAt: null,
    strategies: [
      {
        id: `${id}-s`,
        milestoneId: id,
        sortOrder: 0,
        title: null,
        strategyName: 'flexibleRollout',
        parameters: { rollout, stickiness: 'default', groupId: 'checkout' },
        constraints: [],
        variants: [],
        segments: [],
      },
    ],
  });
  return {
    id: 'p1',
    discriminator: 'plan',
    name: 'Gradual',
    description: null,
    featureName: 'checkout',
    environment: 'production',
    releasePlanTemplateId: 't1',
    activeMilestoneId: 'Ten',
    createdByUserId: 1,
    createdAt: startedAt,
    milestones: [milestone('Ten', 0, '10'), milestone('Half', 1, '50'), milestone('All', 2, '100')],
    nextProgressionAt: null,
    pausedAt: null,
    pausedReason: null,
    safeguards: [],
    ...extra,
  };
}

const ALL_RIGHTS = [{ permission: 'ADMIN' }];

const ENVIRONMENT = '/api/admin/projects/shop/features/checkout/environments/production';

const PROGRESSIONS = '/api/admin/projects/shop/features/checkout/environments/production/progressions';

function serve(
  plans: ReleasePlan[],
  permissions: { permission: string }[] = ALL_RIGHTS,
  extra: Record<string, object> = {},
) {
  return fakeServer({
    'GET /api/admin/user': { user: { id: 1 }, permissions },
    [`GET ${BASE}`]: plans,
    'GET /api/admin/release-plan-templates': [
      { id: 't1', discriminator: 'template', name: 'Gradual', milestones: [] },
    ],
    [`POST ${BASE}`]: buildPlan({ activeMilestoneId: null }),
    [`POST ${BASE}/p1/milestones/Half/start`]: {},
    [`DELETE ${BASE}/p1`]: new Response(null, { status: 200 }),
    'GET /api/admin/impact-metrics/metadata': { series: {}, warnings: [], maxSeriesPerApp: 1000 },
    [`POST ${PROGRESSIONS}/p1/pause`]: buildPlan({ pausedAt: startedAt }),
    [`POST ${PROGRESSIONS}/p1/resume`]: buildPlan(),
    [`PUT ${PROGRESSIONS}/Half`]: {
      sourceMilestone: 'Half',
      targetMilestone: 'All',
      transitionCondition: { intervalMinutes: 120 },
    },
    [`DELETE ${PROGRESSIONS}/Ten`]: new Response(null, { status: 204 }),
    [`PUT ${BASE}/p1/safeguards`]: {},
    [`DELETE ${BASE}/p1/safeguards/g1`]: new Response(null, { status: 204 }),
    [`GET ${ENVIRONMENT}/safeguards`]: [],
    ...extra,
  });
}

const externalSafeguard = {
  id: 'g1',
  impactMetric: null,
  externalMetric: { query: 'sum(rate(errors_total[1m]))', aggregationMode: 'max' },
  experimentGuardrails: null,
  triggerCondition: { operator: '>', threshold: 0.05 },
  triggeredAt: null,
  action: { id: 'p1', type: 'turnOffEnvironment' },
  windowMinutes: 10,
  evaluatedAt: null,
  lastValue: null,
  lastError: null,
  explanation: null,
};

const renderSection = (editable = true) =>
  renderUi(
    <MemoryRouter>
      <ReleasePlanSection
        place={{ projectId: 'shop', flagName: 'checkout', environment: 'production' }}
        segments={[]}
        editable={editable}
      />
    </MemoryRouter>,
  );

describe('the release plan of a flag environment', () => {
  it('shows which milestone is done, active and to come, and counts down to the next', async () => {
    serve([buildPlan({ activeMilestoneId: 'Half', milestones: buildPlan().milestones })]);
    renderSection();
    const plan = await screen.findByRole('region', { name: 'Release plan in production' });
    expect(within(plan).getByText('Milestone 2 of 3 is on.')).toBeTruthy();
    expect(
      within(plan)
        .getAllByText(/^(Done|Active|Upcoming)$/)
        .map((e) => e.textContent),
    ).toEqual(['Done', 'Active', 'Upcoming']);
    // Half moves on by hand only: no countdown.
    expect(within(plan).queryByTestId('milestone-countdown')).toBeNull();
    expect(within(plan).getByText('Gradual rollout: 50% of users')).toBeTruthy();
  });

  it('counts down from the active milestone’s start and interval', async () => {
    serve([buildPlan()]);
    renderSection();
    const countdown = await screen.findByTestId('milestone-countdown');
    expect(countdown.textContent).toMatch(/^Half starts by itself in (49|50) min \d+ s$/);
  });

  it('starts a milestone after asking, and removes the plan', async () => {
    const server = serve([buildPlan()]);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Start Half' }));
    const dialog = screen.getByRole('dialog', { name: 'Start Half in production?' });
    expect(
      within(dialog).getByText(/The strategies Ten put on checkout in production are replaced/),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start Half' }));
    await waitFor(() => expect(server.sent(`POST ${BASE}/p1/milestones/Half/start`)).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Remove plan' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: /Remove the release plan/ })).getByRole('button', {
        name: 'Remove plan',
      }),
    );
    await waitFor(() => expect(server.sent(`DELETE ${BASE}/p1`)).toHaveLength(1));
  });

  it('adds a plan from a template', async () => {
    const server = serve([]);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add release plan' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Release template for production' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Gradual' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add plan' }));
    await waitFor(() => expect(server.sent(`POST ${BASE}`)).toHaveLength(1));
    expect(await server.sent(`POST ${BASE}`)[0]!.json()).toEqual({ templateId: 't1' });
  });

  it('offers nothing to change without the environment’s strategy permissions', async () => {
    serve([buildPlan()], [{ permission: 'READ' }]);
    renderSection();
    await screen.findByRole('region', { name: 'Release plan in production' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /^Start/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: /progression$/ })).toBeNull();
    expect(screen.getByText('Next milestone starts 1 h after this one started')).toBeTruthy();
  });

  it('shows each milestone’s progression but the last’s, and sets one after checking the wait', async () => {
    const server = serve([buildPlan()]);
    renderSection();
    const ten = await screen.findByRole('group', { name: 'Progression after Ten' });
    expect(within(ten).getByText('Next milestone starts 1 h after this one started')).toBeTruthy();
    const half = screen.getByRole('group', { name: 'Progression after Half' });
    expect(within(half).getByText('Next milestone starts by hand')).toBeTruthy();
    expect(within(half).queryByRole('button', { name: 'Remove progression' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Progression after All' })).toBeNull();

    await userEvent.click(within(half).getByRole('button', { name: 'Set progression' }));
    const dialog = screen.getByRole('dialog', { name: 'Start All by itself' });
    const wait = within(dialog).getByRole('textbox', { name: 'Wait' });
    const save = within(dialog).getByRole('button', { name: 'Save progression' });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.type(wait, '0');
    expect(within(dialog).getByText('Enter a wait above 0')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    await userEvent.clear(wait);
    await userEvent.type(wait, '2');
    await userEvent.click(save);
    await waitFor(() => expect(server.sent(`PUT ${PROGRESSIONS}/Half`)).toHaveLength(1));
    expect(await server.sent(`PUT ${PROGRESSIONS}/Half`)[0]!.json()).toEqual({
      targetMilestone: 'All',
      transitionCondition: { intervalMinutes: 120 },
    });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('All now starts by itself in production'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Start All by itself' })).toBeNull());
  });

  it('changes a progression from its current wait, and removes one', async () => {
    const server = serve([buildPlan()], ALL_RIGHTS, { [`PUT ${PROGRESSIONS}/Ten`]: {} });
    renderSection();
    const ten = await screen.findByRole('group', { name: 'Progression after Ten' });
    await userEvent.click(within(ten).getByRole('button', { name: 'Change progression' }));
    const dialog = screen.getByRole('dialog', { name: 'Start Half by itself' });
    const wait = within(dialog).getByRole('textbox', { name: 'Wait' });
    expect(wait).toHaveProperty('value', '1');
    await userEvent.clear(wait);
    await userEvent.type(wait, '90');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Unit' }));
    await userEvent.click(await screen.findByRole('option', { name: 'minutes' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save progression' }));
    await waitFor(() => expect(server.sent(`PUT ${PROGRESSIONS}/Ten`)).toHaveLength(1));
    expect(await server.sent(`PUT ${PROGRESSIONS}/Ten`)[0]!.json()).toEqual({
      targetMilestone: 'Half',
      transitionCondition: { intervalMinutes: 90 },
    });

    await userEvent.click(within(ten).getByRole('button', { name: 'Remove progression' }));
    await waitFor(() => expect(server.sent(`DELETE ${PROGRESSIONS}/Ten`)).toHaveLength(1));
  });

  it('shows a paused plan, and its safeguards when the server sends them', async () => {
    serve([
      buildPlan({
        pausedAt: startedAt,
        safeguards: [
          {
            id: 'g1',
            impactMetric: {
              metricName: 'checkout_errors',
              timeRange: 'hour',
              aggregationMode: 'count',
              labelSelectors: {},
            },
            triggerCondition: { operator: '>', threshold: 5 },
            triggeredAt: startedAt,
            action: { id: 'p1', type: 'pauseReleasePlanProgressions' },
            externalMetric: null,
            experimentGuardrails: null,
            windowMinutes: 5,
            evaluatedAt: startedAt,
            lastValue: 7,
            lastError: null,
            explanation: 'checkout_errors count > 5 for 5 min',
          },
        ],
      }),
    ]);
    renderSection();
    const plan = await screen.findByRole('region', { name: 'Release plan in production' });
    expect(within(plan).getByText(/Progression paused since/)).toBeTruthy();
    expect(within(plan).getByText('Paused')).toBeTruthy();
    expect(within(plan).queryByTestId('milestone-countdown')).toBeNull();
    const safeguards = within(plan).getByRole('region', { name: 'Safeguards' });
    expect(within(safeguards).getByText('Triggered')).toBeTruthy();
    expect(within(safeguards).getByText('count of checkout_errors over the last hour > 5')).toBeTruthy();
    expect(within(safeguards).getByText(/checkout_errors count > 5 for 5 min/)).toBeTruthy();
  });

  it('pauses a running plan, and resumes a paused one', async () => {
    const server = serve([buildPlan()]);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(server.sent(`POST ${PROGRESSIONS}/p1/pause`)).toHaveLength(1));

    vi.unstubAllGlobals();
    const paused = serve([buildPlan({ pausedAt: startedAt })]);
    renderSection();
    const resume = (await screen.findAllByRole('button', { name: 'Resume' })).at(-1)!;
    await userEvent.click(resume);
    await waitFor(() => expect(paused.sent(`POST ${PROGRESSIONS}/p1/resume`)).toHaveLength(1));
  });

  it('adds a safeguard on an external query, with its window, threshold and action', async () => {
    const server = serve([buildPlan()]);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add safeguard' }));
    const form = screen.getByRole('form', { name: 'New safeguard' });
    expect(within(form).getByRole('button', { name: 'Add safeguard' })).toHaveProperty('disabled', true);
    await userEvent.click(within(form).getByText('External query (PromQL)'));
    // user-event reads `[` as the start of a key name: `[[` types one.
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Query' }),
      'sum(rate(errors_total[[1m]))',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: 'Threshold' }), '0.05');
    await userEvent.click(within(form).getByRole('combobox', { name: 'When it triggers' }));
    await userEvent.click(await screen.findByRole('option', { name: /Turn the flag off/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add safeguard' }));
    await waitFor(() => expect(server.sent(`PUT ${BASE}/p1/safeguards`)).toHaveLength(1));
    expect(await server.sent(`PUT ${BASE}/p1/safeguards`)[0]!.json()).toEqual({
      externalMetric: { query: 'sum(rate(errors_total[1m]))', aggregationMode: 'avg' },
      windowMinutes: 5,
      triggerCondition: { operator: '>', threshold: 0.05 },
      action: { type: 'turnOffEnvironment' },
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New safeguard' })).toBeNull());
  });

  it('edits a safeguard in place, keeping its id, and removes one after asking', async () => {
    const server = serve([buildPlan({ safeguards: [externalSafeguard] as never })]);
    renderSection();
    const safeguards = await screen.findByRole('region', { name: 'Safeguards' });
    expect(
      within(safeguards).getByText('max of sum(rate(errors_total[1m])) over 10 min > 0.05'),
    ).toBeTruthy();
    await userEvent.click(within(safeguards).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit safeguard' });
    const threshold = within(form).getByRole('textbox', { name: 'Threshold' });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '0.1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save safeguard' }));
    await waitFor(() => expect(server.sent(`PUT ${BASE}/p1/safeguards`)).toHaveLength(1));
    expect(await server.sent(`PUT ${BASE}/p1/safeguards`)[0]!.json()).toEqual({
      id: 'g1',
      externalMetric: { query: 'sum(rate(errors_total[1m]))', aggregationMode: 'max' },
      windowMinutes: 10,
      triggerCondition: { operator: '>', threshold: 0.1 },
      action: { type: 'turnOffEnvironment' },
    });

    await userEvent.click(await within(safeguards).findByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the safeguard?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove safeguard' }));
    await waitFor(() => expect(server.sent(`DELETE ${BASE}/p1/safeguards/g1`)).toHaveLength(1));
  });

  it('says why a safeguard was not saved, on the field the server names', async () => {
    serve([buildPlan()], ALL_RIGHTS, {
      [`PUT ${BASE}/p1/safeguards`]: new Response(
        JSON.stringify({
          name: 'BadDataError',
          message: 'Request validation failed',
          details: [{ message: 'must be at most 1440', path: '/body/windowMinutes' }],
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add safeguard' }));
    const form = screen.getByRole('form', { name: 'New safeguard' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Metric' }), 'checkout_errors');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Threshold' }), '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Add safeguard' }));
    expect(await within(form).findByText('must be at most 1440')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'New safeguard' })).toBeTruthy();
  });

  it('guards a flag environment without a plan: its own safeguard turns it off, and says so when it did', async () => {
    const triggeredOne = {
      ...externalSafeguard,
      id: 'e1',
      action: { id: 'production', type: 'turnOffEnvironment' },
      triggeredAt: startedAt,
      explanation: 'turned off in production because max of errors > 0.05 for 10 min (it was 0.2)',
    };
    const server = serve([], ALL_RIGHTS, {
      [`GET ${ENVIRONMENT}/safeguards`]: [triggeredOne],
      [`PUT ${ENVIRONMENT}/safeguards`]: triggeredOne,
    });
    renderSection();
    const section = await screen.findByRole('region', { name: 'Safeguards of production' });
    expect(within(section).getByText('Triggered')).toBeTruthy();
    expect(within(section).getByText(/^turned off in production because max of errors/)).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Add safeguard' }));
    const form = within(section).getByRole('form', { name: 'New safeguard' });
    expect(within(form).queryByRole('combobox', { name: 'When it triggers' })).toBeNull();
    expect(within(form).getByText('When it triggers, the flag is turned off in production.')).toBeTruthy();
    await userEvent.click(within(form).getByText('External query (PromQL)'));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Query' }), 'errors');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Threshold' }), '0.05');
    await userEvent.click(within(form).getByRole('button', { name: 'Add safeguard' }));
    await waitFor(() => expect(server.sent(`PUT ${ENVIRONMENT}/safeguards`)).toHaveLength(1));
    const body = await server.sent(`PUT ${ENVIRONMENT}/safeguards`)[0]!.json();
    expect(body).toMatchObject({
      externalMetric: { query: 'errors' },
      triggerCondition: { operator: '>', threshold: 0.05 },
      action: { type: 'turnOffEnvironment' },
    });
  });

  it('guards a flag environment with an experiment’s guardrails, picked from its experiments', async () => {
    const server = serve([], ALL_RIGHTS, {
      [`GET ${ENVIRONMENT}/experiments`]: {
        experiments: [{ id: 7, name: 'Checkout test', status: 'running' }],
      },
      [`PUT ${ENVIRONMENT}/safeguards`]: {},
    });
    renderSection();
    const section = await screen.findByRole('region', { name: 'Safeguards of production' });
    await userEvent.click(within(section).getByRole('button', { name: 'Add safeguard' }));
    const form = within(section).getByRole('form', { name: 'New safeguard' });
    await userEvent.click(within(form).getByText('Experiment guardrails'));
    expect(within(form).queryByRole('textbox', { name: 'Threshold' })).toBeNull();
    await userEvent.click(within(form).getByRole('combobox', { name: 'Experiment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Checkout test (running)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add safeguard' }));
    await waitFor(() => expect(server.sent(`PUT ${ENVIRONMENT}/safeguards`)).toHaveLength(1));
    expect(await server.sent(`PUT ${ENVIRONMENT}/safeguards`)[0]!.json()).toEqual({
      experimentGuardrails: { experimentId: 7 },
      triggerCondition: { operator: '>', threshold: 0 },
      action: { type: 'turnOffEnvironment' },
    });
  });

  describe('where change requests are on in production', () => {
    const DRAFT = 'POST /api/admin/projects/shop/environments/production/change-requests';
    const reviewed = () =>
      serve([buildPlan()], ALL_RIGHTS, {
        'GET /api/admin/projects/shop/change-requests/config': [
          { environment: 'production', type: 'production', changeRequestEnabled: true, requiredApprovals: 1 },
        ],
        [DRAFT]: { id: 1 },
      });

    it('says the buttons draft the change', async () => {
      reviewed();
      renderSection();
      expect(
        await screen.findByText(/the buttons here add the change to your draft for review/),
      ).toBeTruthy();
    });

    it('drafts a milestone start instead of starting it', async () => {
      const server = reviewed();
      renderSection();
      await screen.findByText(/add the change to your draft/);
      await userEvent.click(await screen.findByRole('button', { name: 'Start Half' }));
      const dialog = screen.getByRole('dialog', { name: 'Start Half in production?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add to draft' }));
      await waitFor(() => expect(server.sent(DRAFT)).toHaveLength(1));
      expect(await server.sent(DRAFT)[0]!.json()).toEqual({
        feature: 'checkout',
        action: 'startMilestone',
        payload: { planId: 'p1', milestoneId: 'Half' },
      });
      expect(server.sent(`POST ${BASE}/p1/milestones/Half/start`)).toHaveLength(0);
      await waitFor(() =>
        expect(notifySuccess).toHaveBeenCalledWith('Added the change to your draft in production'),
      );
      expect(notifySuccess).not.toHaveBeenCalledWith('Started Half in production');
    });

    it('drafts setting and removing a progression instead of writing them', async () => {
      const server = reviewed();
      renderSection();
      await screen.findByText(/add the change to your draft/);
      const half = await screen.findByRole('group', { name: 'Progression after Half' });
      await userEvent.click(within(half).getByRole('button', { name: 'Set progression' }));
      const dialog = screen.getByRole('dialog', { name: 'Start All by itself' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Wait' }), '3');
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Unit' }));
      await userEvent.click(await screen.findByRole('option', { name: 'days' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add to draft' }));
      await waitFor(() => expect(server.sent(DRAFT)).toHaveLength(1));
      expect(await server.sent(DRAFT)[0]!.json()).toEqual({
        feature: 'checkout',
        action: 'changeMilestoneProgression',
        payload: {
          sourceMilestone: 'Half',
          targetMilestone: 'All',
          transitionCondition: { intervalMinutes: 4320 },
        },
      });

      const ten = screen.getByRole('group', { name: 'Progression after Ten' });
      await userEvent.click(within(ten).getByRole('button', { name: 'Remove progression' }));
      await waitFor(() => expect(server.sent(DRAFT)).toHaveLength(2));
      expect(await server.sent(DRAFT)[1]!.json()).toEqual({
        feature: 'checkout',
        action: 'deleteMilestoneProgression',
        payload: { sourceMilestone: 'Ten' },
      });
      expect(server.sent(`PUT ${PROGRESSIONS}/Half`)).toHaveLength(0);
      expect(server.sent(`DELETE ${PROGRESSIONS}/Ten`)).toHaveLength(0);
      expect(notifySuccess).not.toHaveBeenCalledWith('All now starts by itself in production');
    });

    it('drafts a new safeguard of the plan instead of saving it', async () => {
      const server = reviewed();
      renderSection();
      await screen.findByText(/add the change to your draft/);
      await userEvent.click(await screen.findByRole('button', { name: 'Add safeguard' }));
      const form = screen.getByRole('form', { name: 'New safeguard' });
      await userEvent.type(within(form).getByRole('textbox', { name: 'Metric' }), 'checkout_errors');
      await userEvent.type(within(form).getByRole('textbox', { name: 'Threshold' }), '5');
      await userEvent.click(within(form).getByRole('button', { name: 'Add safeguard' }));
      await waitFor(() => expect(server.sent(DRAFT)).toHaveLength(1));
      const change = await server.sent(DRAFT)[0]!.json();
      expect(change).toMatchObject({
        feature: 'checkout',
        action: 'changeSafeguard',
        payload: {
          planId: 'p1',
          safeguard: {
            impactMetric: { metricName: 'checkout_errors' },
            triggerCondition: { operator: '>', threshold: 5 },
          },
        },
      });
      expect(server.sent(`PUT ${BASE}/p1/safeguards`)).toHaveLength(0);
      await waitFor(() => expect(screen.queryByRole('form', { name: 'New safeguard' })).toBeNull());
    });
  });
});
