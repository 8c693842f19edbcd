import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@switchyard/access';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { grant, type Person, projectRole, signedIn } from '../../../testing/people.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../testing/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createEmailSender } from '../../instance/index.ts';
import { createChangeRequestMailer } from './change-request-mail.ts';
import { applyNextDue } from './change-request-scheduler.ts';

// Email about change requests through the mail module, received by a real SMTP server on 127.0.0.1.
let smtp: TestSmtpServer;
let t: TestApp;
let author: Person;
let owner: Person;
let other: Person;
const P = '/api/admin/projects/mailed';
const CR = `${P}/change-requests`;
const HOUR = 3_600_000;
const errors: unknown[] = [];

const setState = (who: Person, id: number, payload: object) =>
  who.send({ method: 'PUT', url: `${CR}/${id}/state`, payload });
const draft = async (feature: string, change: object) => {
  const drafted = await author.send({
    method: 'POST',
    url: `${P}/environments/production/change-requests`,
    payload: { feature, ...change },
  });
  expect(drafted.statusCode, drafted.body).toBe(200);
  return drafted.json().id as number;
};
const askToReview = (id: number, reviewers: number[]) =>
  author.send({ method: 'PUT', url: `${CR}/${id}/approvers`, payload: { reviewers } });
const flag = (name: string) =>
  buildFlag(t.db, { name, project: 'mailed', environments: { production: { enabled: false } } });

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ ...smtp.env, PUBLIC_URL: 'https://flags.example.com' });
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'mailed', name: 'Mailed' } });
  author = await signedIn(t, 'mail-author');
  owner = await signedIn(t, 'mail-owner');
  other = await signedIn(t, 'mail-other');
  // Each new user got a welcome email: set it aside, so what follows is the change requests' mail.
  for (const who of [author, owner, other]) await smtp.next(`${who.username}@example.com`);
  await grant(t, 'mailed', [author.id], [ROLE_IDS.Member]);
  await grant(t, 'mailed', [owner.id], [ROLE_IDS.Owner]);
  // Someone who may archive a flag in production directly, to suspend a schedule.
  const skip = await projectRole(t, 'Mailed skipper', [
    { name: 'SKIP_CHANGE_REQUEST', environment: 'production' },
  ]);
  await grant(t, 'mailed', [other.id], [ROLE_IDS.Owner, skip]);
  await t.admin({
    method: 'PUT',
    url: `${P}/environments/production/change-requests/config`,
    payload: { changeRequestsEnabled: true },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('email to requested reviewers', () => {
  it('goes to each reviewer when the request is sent for review, with a link to it', async () => {
    await flag('mailed-on');
    const id = await draft('mailed-on', { action: 'updateEnabled', payload: { enabled: true } });
    await author.send({ method: 'PUT', url: `${CR}/${id}/title`, payload: { title: 'Turn on mailed-on' } });
    expect((await askToReview(id, [owner.id])).statusCode).toBe(204);
    // Asking on a draft emails nobody yet: the draft is private until it is sent.
    expect(smtp.received.filter((email) => email.to.includes('mail-owner@example.com'))).toEqual([]);

    expect((await setState(author, id, { state: 'In review' })).statusCode).toBe(200);
    const email = await smtp.next('mail-owner@example.com');
    expect(email.subject).toBe('Review requested: Turn on mailed-on');
    expect(email.from).toBe('switchyard@example.com');
    expect(email.text).toContain('mail-author asks you to review the change request "Turn on mailed-on"');
    expect(email.text).toContain('environment "production" of project "mailed"');
    expect(email.text).toContain('It holds 1 change and needs 1 approval');
    const link = `https://flags.example.com/projects/mailed/change-requests/${id}`;
    expect(email.text).toContain(link);
    expect(email.html).toContain(`href="${link}"`);
  });

  it('goes at once to a reviewer asked while the request is in review', async () => {
    await flag('mailed-late');
    const id = await draft('mailed-late', { action: 'updateEnabled', payload: { enabled: true } });
    await setState(author, id, { state: 'In review' });
    expect((await askToReview(id, [other.id])).statusCode).toBe(204);
    const email = await smtp.next('mail-other@example.com');
    expect(email.subject).toBe(`Review requested: Change request #${id}`);
  });

  it('is not sent when the step is refused', async () => {
    await flag('mailed-empty');
    const id = await draft('mailed-empty', { action: 'updateEnabled', payload: { enabled: true } });
    const [change] = (await author.send({ method: 'GET', url: `${CR}/${id}` })).json().features[0].changes;
    await author.send({ method: 'DELETE', url: `${CR}/${id}/changes/${change.id}` });
    await askToReview(id, [owner.id]);
    expect((await setState(author, id, { state: 'In review' })).statusCode).toBe(400);
    // A later email to the same reviewer is the next one they get: the refused step sent none.
    await flag('mailed-after');
    const next = await draft('mailed-after', { action: 'updateEnabled', payload: { enabled: true } });
    await askToReview(next, [owner.id]);
    await setState(author, next, { state: 'In review' });
    expect((await smtp.next('mail-owner@example.com')).subject).toBe(
      `Review requested: Change request #${next}`,
    );
  });
});

describe('email to the author of a scheduled request', () => {
  const mailer = () =>
    createChangeRequestMailer({
      email: createEmailSender(t.config.email),
      publicUrl: t.config.publicUrl,
      onError: (error) => errors.push(error),
    });
  async function scheduledRequest(feature: string, change: object, at: Date): Promise<number> {
    const id = await draft(feature, change);
    await setState(author, id, { state: 'In review' });
    expect((await setState(owner, id, { state: 'Approved' })).json().state).toBe('Approved');
    const scheduled = await setState(owner, id, { state: 'Scheduled', scheduledAt: at.toISOString() });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    return id;
  }

  it('tells them when it failed, and why', async () => {
    await flag('mailed-fails');
    const segment = (
      await t.admin({
        method: 'POST',
        url: '/api/admin/segments',
        payload: { name: 'mailed-gone', constraints: [] },
      })
    ).json().id;
    const at = new Date(Date.now() + HOUR);
    const id = await scheduledRequest(
      'mailed-fails',
      { action: 'addStrategy', payload: { name: 'default', segments: [segment] } },
      at,
    );
    await t.admin({ method: 'DELETE', url: `/api/admin/segments/${segment}` });
    while (await applyNextDue(t.db, new Date(at.getTime() + 1000), mailer())) {
      /* everything due */
    }
    const email = await smtp.next('mail-author@example.com');
    expect(email.subject).toBe(`Scheduled change request failed: Change request #${id}`);
    expect(email.text).toContain('could not be applied at its scheduled time');
    expect(email.text).toMatch(/segment/i);
    expect(email.text).toContain(`https://flags.example.com/projects/mailed/change-requests/${id}`);
    expect(errors).toEqual([]);
  });

  it('tells them when it was suspended, and why', async () => {
    await flag('mailed-archived');
    const at = new Date(Date.now() + 2 * HOUR);
    const id = await scheduledRequest(
      'mailed-archived',
      { action: 'updateEnabled', payload: { enabled: true } },
      at,
    );
    expect((await other.send({ method: 'DELETE', url: `${P}/features/mailed-archived` })).statusCode).toBe(
      202,
    );
    while (await applyNextDue(t.db, new Date(at.getTime() + 1000), mailer())) {
      /* everything due */
    }
    const email = await smtp.next('mail-author@example.com');
    expect(email.subject).toBe(`Scheduled change request suspended: Change request #${id}`);
    expect(email.text).toContain('Flag "mailed-archived" was archived');
    expect(errors).toEqual([]);
  });
});
