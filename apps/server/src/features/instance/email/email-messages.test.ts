import { expect, it } from 'vitest';
import { resetEmail, welcomeEmail } from './email-messages.ts';

it('writes each email as text and as HTML, escaping what users typed', () => {
  const email = welcomeEmail({
    to: 'x@example.com',
    name: '<b>Eve</b> & co',
    login: 'eve',
    link: 'https://flags.example.com/new-user?token=a&b',
    publicUrl: 'https://flags.example.com',
    expiresInHours: 168,
  });
  expect(email.text).toContain('Hello <b>Eve</b> & co,');
  expect(email.text).toContain('https://flags.example.com/new-user?token=a&b\n');
  expect(email.text).toContain('for 168 hours');
  expect(email.html).toContain('<p>Hello &lt;b&gt;Eve&lt;/b&gt; &amp; co,</p>');
  expect(email.html).toContain('href="https://flags.example.com/new-user?token=a&amp;b"');
  expect(email.html).not.toContain('<b>');
});

it('greets without a name when the user has none', () => {
  const email = resetEmail({ to: 'x@example.com', name: null, link: 'https://x.test/r', expiresInHours: 24 });
  expect(email.text.startsWith('Hello,\n')).toBe(true);
  expect(email.subject).toBe('Reset your Switchyard password');
});
