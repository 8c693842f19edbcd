import nodemailer from 'nodemailer';
import type { EmailConfig } from '../../../config.ts';

/** One email, in plain text and HTML: clients that do not render HTML show the text. */
export type EmailMessage = { to: string; subject: string; text: string; html: string };

export type EmailSender = {
  /** Whether EMAIL_HOST is set: without it nothing is sent and callers hand links out another way. */
  readonly enabled: boolean;
  send(message: EmailMessage): Promise<void>;
  close(): void;
};

/** Sends through the SMTP server of the EMAIL_* variables; one pooled transport for the life of the app. */
export function createEmailSender(config: EmailConfig | undefined): EmailSender {
  if (!config) {
    return {
      enabled: false,
      send: () => Promise.reject(new Error('Email is not configured: set EMAIL_HOST')),
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    pool: true,
    // A stuck SMTP server must not hold requests (or shutdown) for nodemailer's default of minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    enabled: true,
    async send(message) {
      await transport.sendMail({ from: config.sender, ...message });
    },
    close: () => transport.close(),
  };
}
