import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An email as the test SMTP server received it, its MIME parts decoded. */
export type ReceivedEmail = { from: string; to: string[]; subject: string; text: string; html: string };

/**
 * A real SMTP server (the smtp-server package) on a free port of 127.0.0.1 that keeps every email it receives.
 * `env` is what points Switchyard at it.
 */
export async function startSmtpServer() {
  const received: ReceivedEmail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          ...parseEmail(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        for (const wake of waiting) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    env: { EMAIL_HOST: '127.0.0.1', EMAIL_PORT: String(port), EMAIL_SENDER: 'switchyard@example.com' },
    received,
    /** The first email to this address received from now on (or already there, unclaimed), within `ms`. */
    async next(to: string, ms = 10_000): Promise<ReceivedEmail> {
      const deadline = Date.now() + ms;
      for (;;) {
        const index = received.findIndex((email) => email.to.includes(to));
        if (index >= 0) return received.splice(index, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no email to ${to} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiting.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** Enough MIME for what nodemailer sends: headers, a multipart/alternative body, 7bit/quoted-printable/base64. */
function parseEmail(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitHeaders(raw);
  const result = { subject: headers['subject'] ?? '', text: '', html: '' };
  const collect = (partHeaders: Record<string, string>, partBody: string) => {
    const type = partHeaders['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const section of partBody.split(`--${boundary}`).slice(1)) {
        if (section.startsWith('--')) break;
        const part = splitHeaders(section.replace(/^\r?\n/, ''));
        collect(part.headers, part.body);
      }
      return;
    }
    const decoded = decode(partBody, partHeaders['content-transfer-encoding'] ?? '7bit');
    if (type.startsWith('text/html')) result.html = decoded;
    else if (type.startsWith('text/plain')) result.text = decoded;
  };
  collect(headers, body);
  return result;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body: string, encoding: string): string {
  const kind = encoding.toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
