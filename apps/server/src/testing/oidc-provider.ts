import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A provider account; `groups` is sent as the `groups` claim (change it between sign-ins to test group sync). */
export type TestAccount = { email?: string; emailVerified?: boolean; name?: string; groups?: string[] };

/**
 * A real OpenID Connect provider (the oidc-provider package) on a free local port, with one confidential client
 * and the given accounts. Its development sign-in pages accept any password for a known account id.
 */
export async function startOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: Record<string, TestAccount>;
}) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    cookies: { keys: ['switchyard-test-cookie-key'] },
    findAccount: (_context, id) => {
      const account = options.accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          ...(account.email ? { email: account.email, email_verified: account.emailVerified ?? true } : {}),
          ...(account.name ? { name: account.name } : {}),
          ...(account.groups ? { groups: account.groups } : {}),
        }),
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    accounts: options.accounts,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Walks a browser's way through the provider's sign-in and consent pages, starting at an authorization URL, and
 * returns the URL the provider finally sends the browser to (Switchyard's callback with a code, or an error).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  until: string,
): Promise<string> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(until)) return url;
    const page = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    keep(page);
    if (page.status >= 300 && page.status < 400) {
      url = new URL(page.headers.get('location')!, url).href;
      continue;
    }
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider page without a form at ${url}: ${html.slice(0, 300)}`);
    const form: Record<string, string> = html.includes('name="login"')
      ? { prompt: 'login', login, password: 'any-password' }
      : { prompt: 'consent' };
    const submitted = await fetch(new URL(action.replaceAll('&amp;', '&'), url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    keep(submitted);
    url = new URL(submitted.headers.get('location')!, url).href;
  }
  throw new Error(`the provider never sent the browser back to ${until}`);
}
