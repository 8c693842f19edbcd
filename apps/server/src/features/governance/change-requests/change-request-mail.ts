import type { Db } from '../../../db/db.ts';
import { renderMentions } from '../../../http/project-mention.ts';
import { type EmailSender, reviewRequestedEmail, scheduleProblemEmail } from '../../instance/index.ts';
import { type ChangeRequest, defaultTitle } from './change-request.ts';
import { linkTo } from './change-request-events.ts';

/** What one email says, before the recipients' addresses are known. */
export type ChangeRequestMail =
  | { kind: 'review-requested'; request: ChangeRequest; by: string; userIds: readonly number[] }
  | {
      kind: 'schedule-problem';
      request: ChangeRequest;
      outcome: 'failed' | 'suspended';
      reason: string;
      userIds: readonly number[];
    };

/**
 * Email about change requests, through the instance's sender. Mail is collected while a transaction runs and sent
 * once it committed (`send`), so a refused or rolled-back step emails nobody and no transaction waits on SMTP.
 */
export type ChangeRequestMailer = {
  send(db: Db, mails: readonly ChangeRequestMail[]): void;
};

/** Sends nothing: email is off, or a caller (a test) does not care. */
export const noMail: ChangeRequestMailer = { send: () => {} };

export function createChangeRequestMailer(deps: {
  email: EmailSender;
  publicUrl: string;
  onError: (error: unknown) => void;
}): ChangeRequestMailer {
  if (!deps.email.enabled) return noMail;
  const base = deps.publicUrl.replace(/\/+$/, '');

  async function deliver(db: Db, mail: ChangeRequestMail): Promise<void> {
    if (mail.userIds.length === 0) return;
    const users = await db.query<{ email: string; name: string | null }>(
      `SELECT email, name FROM users
        WHERE id = ANY($1::int[]) AND email IS NOT NULL AND deleted_at IS NULL ORDER BY id`,
      [[...new Set(mail.userIds)]],
    );
    const { request } = mail;
    const named = {
      title: request.title ?? defaultTitle(request.id),
      project: request.project,
      environment: request.environment,
      link: `${base}${linkTo(request)}`,
    };
    // An email is read outside Switchyard: it names no project but the request's own.
    const reason =
      mail.kind === 'schedule-problem'
        ? await renderMentions(mail.reason, async (projects) => projects.filter((p) => p !== request.project))
        : '';
    for (const user of users) {
      const message =
        mail.kind === 'review-requested'
          ? reviewRequestedEmail({
              ...named,
              to: user.email,
              name: user.name,
              by: mail.by,
              changes: request.changes.length,
              approvals: request.minApprovals,
            })
          : scheduleProblemEmail({
              ...named,
              to: user.email,
              name: user.name,
              outcome: mail.outcome,
              reason,
            });
      await deps.email.send(message);
    }
  }

  return {
    send(db, mails) {
      for (const mail of mails) deliver(db, mail).catch(deps.onError);
    },
  };
}
