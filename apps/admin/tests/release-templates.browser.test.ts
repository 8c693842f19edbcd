// @vitest-environment node
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing } from './browser.ts';

const missing = browserMissing();

/**
 * Release management from the admin UI, in Chromium: a release template written in the editor, added to a flag
 * environment as its release plan, and its milestones started one after the other. Steps share one page, in order.
 */
describe.skipIf(missing)('admin UI in Chromium: release templates and plans', { timeout: 90_000 }, () => {
  let session: AdminSession;
  let page: Page;
  const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);
  const FLAG = '/api/admin/projects/shop/features/checkout-v2';
  const rollouts = async () => {
    const flag = await api('GET', FLAG);
    const development = flag.environments.find((e: { name: string }) => e.name === 'development');
    return development.strategies.map((s: { parameters: { rollout?: string } }) => s.parameters.rollout);
  };

  beforeAll(async () => {
    session = await openAdminSession();
    page = session.page;
    await api('POST', '/api/admin/projects', { id: 'shop', name: 'Shop' });
    await api('POST', '/api/admin/projects/shop/features', { name: 'checkout-v2' });
    await session.signIn();
  });
  stopAfterFirstFailure(() => page);
  afterAll(() => session?.close());

  it('writes a release template with milestones and their strategies', async () => {
    await session.go('/release-templates');
    await page.getByText('No release templates yet.').waitFor();
    await page.getByRole('link', { name: 'New release template' }).click();
    await page.getByRole('heading', { level: 1, name: 'New release template' }).waitFor();
    await page.getByLabel(/^Name/).fill('Gradual rollout');
    await page.getByLabel('Description').fill('10%, half, everyone');
    const first = page.getByRole('region', { name: 'Milestone 1' });
    await first.getByLabel(/^Next milestone starts after/).fill('60');
    // The strategy editor of the flag page, inside the milestone.
    await first.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: /Edit strategy · milestone Ten percent/ });
    await editor.getByTestId('strategy-summary').getByText(/10%/).waitFor();
    await editor.getByRole('button', { name: 'Keep changes' }).click();
    await editor.waitFor({ state: 'detached' });
    await session.checkScreen('release-template-editor');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('heading', { level: 1, name: 'Release templates' }).waitFor();
    await page
      .getByRole('row', { name: /Gradual rollout/ })
      .getByText('Ten percent → (1 h) → Half → Everyone')
      .waitFor();

    const [template] = await api('GET', '/api/admin/release-plan-templates');
    expect(template.milestones.map((m: { name: string }) => m.name)).toEqual([
      'Ten percent',
      'Half',
      'Everyone',
    ]);
    expect(template.milestones[0].transitionCondition).toEqual({ intervalMinutes: 60 });
    expect(template.milestones[1].strategies[0]).toMatchObject({
      strategyName: 'flexibleRollout',
      parameters: { rollout: '50', stickiness: 'default' },
    });
    await session.checkScreen('release-templates');
  });

  it('refuses a template whose milestones share a name, naming the field', async () => {
    await page.getByRole('link', { name: 'Gradual rollout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gradual rollout' }).waitFor();
    await page.getByRole('region', { name: 'Milestone 2' }).getByLabel('Milestone name').fill('Ten percent');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Two milestones are named "Ten percent"').waitFor();
    await page.getByRole('region', { name: 'Milestone 2' }).getByLabel('Milestone name').fill('Half');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { level: 1, name: 'Release templates' }).waitFor();
  });

  it('adds the template to a flag environment and starts its milestones', async () => {
    await session.go('/projects/shop/flags/checkout-v2');
    const development = page.getByRole('region', { name: 'Environment development' });
    await development.getByRole('button', { name: 'Add release plan' }).click();
    await session.pick(development, 'Release template for development', 'Gradual rollout');
    await development.getByRole('button', { name: 'Add plan' }).click();
    const plan = development.getByRole('region', { name: 'Release plan in development' });
    await plan.getByText('No milestone started yet', { exact: false }).waitFor();

    await plan.getByRole('button', { name: 'Start Ten percent' }).click();
    await page
      .getByRole('dialog', { name: 'Start Ten percent in development?' })
      .getByRole('button', { name: 'Start Ten percent' })
      .click();
    await plan.getByText('Milestone 1 of 3 is on.').waitFor();
    // The confirmation fades out; axe would measure the page through its overlay.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(rollouts).toEqual(['10']);
    // The flag environment shows the milestone's strategy; the next milestone counts down from the interval.
    await development.getByRole('listitem').filter({ hasText: '10%' }).first().waitFor();
    await expect
      .poll(() => plan.getByTestId('milestone-countdown').textContent())
      .toMatch(/^Half starts by itself in (59|60) min \d+ s$/);
    await session.checkScreen('release-plan');

    await plan.getByRole('button', { name: 'Start Half' }).click();
    await page
      .getByRole('dialog', { name: 'Start Half in development?' })
      .getByRole('button', { name: 'Start Half' })
      .click();
    await plan.getByText('Milestone 2 of 3 is on.').waitFor();
    await expect.poll(rollouts).toEqual(['50']);
    // Half moves on only by hand: no countdown.
    expect(await plan.getByTestId('milestone-countdown').count()).toBe(0);

    // Half gets a progression of its own from the plan: Everyone starts by itself 2 h after it.
    await plan
      .getByRole('group', { name: 'Progression after Half' })
      .getByRole('button', { name: 'Set progression' })
      .click();
    const progression = page.getByRole('dialog', { name: 'Start Everyone by itself' });
    await progression.getByRole('textbox', { name: 'Wait' }).fill('2');
    await progression.getByRole('button', { name: 'Save progression' }).click();
    await plan.getByText('Next milestone starts 2 h after this one started').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const [withProgression] = await api('GET', `${FLAG}/environments/development/release-plans`);
    expect(
      withProgression.milestones.find((m: { name: string }) => m.name === 'Half').transitionCondition,
    ).toEqual({ intervalMinutes: 120 });

    // Paused, nothing starts by itself; resumed, it does again.
    await plan.getByRole('button', { name: 'Pause' }).click();
    await plan.getByText(/Progression paused since/).waitFor();
    await plan.getByRole('button', { name: 'Resume' }).click();
    await plan.getByText(/Progression paused since/).waitFor({ state: 'detached' });

    // A safeguard on an impact metric, added, shown with what it watches, changed, then removed.
    await plan.getByRole('button', { name: 'Add safeguard' }).click();
    const form = plan.getByRole('form', { name: 'New safeguard' });
    await form.getByRole('textbox', { name: 'Metric' }).fill('checkout_errors');
    await form.getByRole('textbox', { name: 'Threshold' }).fill('5');
    await form.getByRole('button', { name: 'Add safeguard' }).click();
    const safeguards = plan.getByRole('region', { name: 'Safeguards' });
    await safeguards.getByText('count of checkout_errors over the last hour > 5').waitFor();
    await session.checkScreen('release-plan-safeguard');
    await safeguards.getByRole('button', { name: 'Edit' }).click();
    const edit = plan.getByRole('form', { name: 'Edit safeguard' });
    await edit.getByRole('textbox', { name: 'Threshold' }).fill('8');
    await edit.getByRole('button', { name: 'Save safeguard' }).click();
    await safeguards.getByText('count of checkout_errors over the last hour > 8').waitFor();
    await safeguards.getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Remove the safeguard?' })
      .getByRole('button', { name: 'Remove safeguard' })
      .click();
    await safeguards.getByText(/checkout_errors/).waitFor({ state: 'detached' });
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await plan.getByRole('button', { name: 'Remove plan' }).click();
    await page
      .getByRole('dialog', { name: /Remove the release plan/ })
      .getByRole('button', { name: 'Remove plan' })
      .click();
    await development.getByRole('button', { name: 'Add release plan' }).waitFor();
    await expect.poll(rollouts).toEqual([]);
  });

  it('archives and deletes templates', async () => {
    await api('POST', '/api/admin/release-plan-templates', { name: 'Spare' });
    await session.go('/release-templates');
    await page.getByRole('button', { name: 'Archive Spare' }).click();
    await page
      .getByRole('dialog', { name: 'Archive Spare?' })
      .getByRole('button', { name: 'Archive template' })
      .click();
    await page.getByRole('row', { name: /Spare/ }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Gradual rollout' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Gradual rollout?' })
      .getByRole('button', { name: 'Delete template' })
      .click();
    await page.getByText('No release templates yet.').waitFor();
    expect(await api('GET', '/api/admin/release-plan-templates')).toEqual([]);
  });
});
