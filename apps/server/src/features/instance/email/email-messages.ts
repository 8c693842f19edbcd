import type { EmailMessage } from './email-sender.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The same few paragraphs and one button-like link, as plain text and as simple HTML. */
function compose(
  to: string,
  subject: string,
  parts: { greeting: string; before: string; action: string; link: string; after: string },
): EmailMessage {
  const text = [parts.greeting, parts.before, parts.link, parts.after, '— Switchyard'].join('\n\n') + '\n';
  const paragraph = (t: string) => `<p>${escapeHtml(t)}</p>`;
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #1a1b1e">
${paragraph(parts.greeting)}
${paragraph(parts.before)}
<p><a href="${escapeHtml(parts.link)}" style="display: inline-block; padding: 8px 16px; background: #364fc7; color: #fff; border-radius: 6px; text-decoration: none">${escapeHtml(parts.action)}</a></p>
<p style="font-size: 13px; color: #495057">Or copy this address into your browser: ${escapeHtml(parts.link)}</p>
${paragraph(parts.after)}
<p>— Switchyard</p>
</body></html>
`;
  return { to, subject, text, html };
}

const greet = (name: string | null) => (name ? `Hello ${name},` : 'Hello,');

/** To a new user: where to set their first password. */
export function welcomeEmail(input: {
  to: string;
  name: string | null;
  login: string;
  link: string;
  publicUrl: string;
  expiresInHours: number;
}): EmailMessage {
  return compose(input.to, 'Your Switchyard account', {
    greeting: greet(input.name),
    before: `An account was created for you on Switchyard at ${input.publicUrl}. You sign in as "${input.login}". Set your password with this link:`,
    action: 'Set your password',
    link: input.link,
    after: `The link works once, for ${input.expiresInHours} hours. If it expired, use "Forgot password?" on the sign-in page.`,
  });
}

/** To someone who asked for a new password, or whose admin made them a reset link. */
export function resetEmail(input: {
  to: string;
  name: string | null;
  link: string;
  expiresInHours: number;
}): EmailMessage {
  return compose(input.to, 'Reset your Switchyard password', {
    greeting: greet(input.name),
    before:
      'Someone asked to reset the password of your Switchyard account. Choose a new password with this link:',
    action: 'Choose a new password',
    link: input.link,
    after: `The link works once, for ${input.expiresInHours} hours. If you did not ask for it, ignore this email: your password stays as it is.`,
  });
}

/** A change request as its emails name it. */
type RequestNamed = { title: string; project: string; environment: string; link: string };

/** To a requested reviewer: a change request waits for their review. */
export function reviewRequestedEmail(
  input: RequestNamed & { to: string; name: string | null; by: string; changes: number; approvals: number },
): EmailMessage {
  const changes = input.changes === 1 ? '1 change' : `${input.changes} changes`;
  const approvals = input.approvals === 1 ? '1 approval' : `${input.approvals} approvals`;
  return compose(input.to, `Review requested: ${input.title}`, {
    greeting: greet(input.name),
    before: `${input.by} asks you to review the change request "${input.title}" in environment "${input.environment}" of project "${input.project}". It holds ${changes} and needs ${approvals} before it can be applied.`,
    action: 'Review the change request',
    link: input.link,
    after: 'You get this email because you were asked to review. The request shows what it would change.',
  });
}

/** To the author of a scheduled change request that did not apply: it failed, or was suspended. */
export function scheduleProblemEmail(
  input: RequestNamed & { to: string; name: string | null; outcome: 'failed' | 'suspended'; reason: string },
): EmailMessage {
  const what =
    input.outcome === 'failed'
      ? 'could not be applied at its scheduled time'
      : 'was suspended and will not be applied at its scheduled time';
  return compose(input.to, `Scheduled change request ${input.outcome}: ${input.title}`, {
    greeting: greet(input.name),
    before: `Your change request "${input.title}" in environment "${input.environment}" of project "${input.project}" ${what}. The reason: ${input.reason}`,
    action: 'Open the change request',
    link: input.link,
    after:
      input.outcome === 'failed'
        ? 'It stays scheduled; reschedule it, apply it now, or reject it.'
        : 'Update the request, then schedule or apply it again.',
  });
}
