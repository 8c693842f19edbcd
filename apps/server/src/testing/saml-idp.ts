import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

export type SamlAccount = { email: string; name?: string; groups?: string[] };

/** How the identity provider signs its next answers: as configured, with a key Switchyard does not know, or not. */
export type SigningMode = 'signed' | 'wrong-key' | 'unsigned';

/**
 * How the next answers differ from a correct one, for tests of what Switchyard checks; `{}` answers correctly, and
 * `null` leaves the optional ones out.
 */
export type AnswerChanges = {
  /** The Issuer inside the signed assertion. */
  assertionIssuer?: string;
  /** The Issuer of the Response around it. */
  responseIssuer?: string | null;
  /** The Response's Destination. */
  destination?: string | null;
  /** The Recipient in the assertion's SubjectConfirmationData. */
  recipient?: string | null;
};

/** What a sign-in request asked for; an unsolicited answer has no request `id` to reply to. */
type AnsweredRequest = { id?: string; issuer: string; acsUrl: string };

export type SamlIdp = {
  /** http://127.0.0.1:<port> */
  url: string;
  entityId: string;
  /** Where sign-in requests go (HTTP-Redirect binding). */
  signOnUrl: string;
  /** The signing certificate, PEM: what an admin pastes into Switchyard's SAML settings. */
  certificate: string;
  mode: SigningMode;
  changes: AnswerChanges;
  /** The sign-in requests received, decoded. */
  requests: { id: string; issuer: string; acsUrl: string }[];
  /**
   * The form an IdP-initiated sign-in posts (from the provider's dashboard): a signed answer for `login` to the service
   * provider `sp` (its entity ID and ACS URL), replying to no request.
   */
  unsolicited(login: string, sp: { entityId: string; acsUrl: string }): Record<string, string>;
  stop(): Promise<void>;
};

type KeyPair = { privateKey: string; certificate: string };

const keyPair = async (name: string): Promise<KeyPair> => {
  const pems = await generate([{ name: 'commonName', value: name }], { keySize: 2048, algorithm: 'sha256' });
  return { privateKey: pems.private, certificate: pems.cert };
};

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attribute = (name: string, values: string[]) =>
  `<saml:Attribute Name="${escape(name)}">${values
    .map((value) => `<saml:AttributeValue xsi:type="xs:string">${escape(value)}</saml:AttributeValue>`)
    .join('')}</saml:Attribute>`;

/**
 * A real SAML 2.0 identity provider on 127.0.0.1 for tests: it receives Switchyard's sign-in request (HTTP-Redirect),
 * shows a sign-in form with the accounts, and posts back a Response whose assertion it signs with a certificate made
 * when it starts (or with another key, or not at all, per `mode`). `changes` makes its answers wrong in one way, and
 * `unsolicited()` makes one that replies to no request, as IdP-initiated sign-ins do.
 */
export async function startSamlIdp(accounts: Record<string, SamlAccount>): Promise<SamlIdp> {
  const [trusted, stranger] = await Promise.all([keyPair('Test IdP'), keyPair('Someone else')]);
  const requests: SamlIdp['requests'] = [];

  function answer(request: AnsweredRequest, account: SamlAccount): string {
    const changes = idp.changes;
    /** ` name="value"`, or nothing when `value` is null. */
    const attr = (name: string, value: string | null) =>
      value === null ? '' : ` ${name}="${escape(value)}"`;
    const inResponseTo = attr('InResponseTo', request.id ?? null);
    const responseIssuer = changes.responseIssuer === undefined ? idp.entityId : changes.responseIssuer;
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const assertionId = `_${randomUUID()}`;
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}">` +
      `<saml:Issuer>${escape(changes.assertionIssuer ?? idp.entityId)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(account.email)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${later}"${attr('Recipient', changes.recipient === undefined ? request.acsUrl : changes.recipient)}/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${new Date(now.getTime() - 60_000).toISOString()}" NotOnOrAfter="${later}"><saml:AudienceRestriction><saml:Audience>${escape(request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>${attribute('email', [account.email])}${account.name ? attribute('displayName', [account.name]) : ''}${account.groups ? attribute('groups', account.groups) : ''}</saml:AttributeStatement>` +
      `</saml:Assertion>`;
    const response =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}" ${attr('Destination', changes.destination === undefined ? request.acsUrl : changes.destination)}${inResponseTo}>` +
      (responseIssuer === null ? '' : `<saml:Issuer>${escape(responseIssuer)}</saml:Issuer>`) +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      assertion +
      `</samlp:Response>`;
    if (idp.mode === 'unsigned') return response;
    const keys = idp.mode === 'signed' ? trusted : stranger;
    const signature = new SignedXml({ privateKey: keys.privateKey, publicCert: keys.certificate });
    signature.signatureAlgorithm = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
    signature.canonicalizationAlgorithm = 'http://www.w3.org/2001/10/xml-exc-c14n#';
    signature.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
    });
    signature.computeSignature(response, {
      prefix: 'ds',
      location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
    });
    return signature.getSignedXml();
  }

  const base64 = (xml: string) => Buffer.from(xml).toString('base64');

  /** An HTML page that posts the answer to Switchyard at once, as identity providers do. */
  const postBack = (acsUrl: string, samlResponse: string, relayState: string) =>
    `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escape(acsUrl)}">` +
    `<input type="hidden" name="SAMLResponse" value="${escape(base64(samlResponse))}">` +
    `<input type="hidden" name="RelayState" value="${escape(relayState)}">` +
    `<noscript><button type="submit">Continue</button></noscript></form></body></html>`;

  function decodeRequest(samlRequest: string) {
    const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
    const id = /\bID="([^"]+)"/.exec(xml)?.[1];
    const acsUrl = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1];
    const issuer = /<(?:saml:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1];
    if (!id || !acsUrl || !issuer) throw new Error(`not a sign-in request: ${xml}`);
    return { id, acsUrl, issuer };
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', idp.url);
    const fail = (status: number, message: string) =>
      res.writeHead(status, { 'content-type': 'text/plain' }).end(message);
    try {
      if (url.pathname === '/sso' && req.method === 'GET') {
        const request = decodeRequest(url.searchParams.get('SAMLRequest') ?? '');
        requests.push(request);
        const relayState = url.searchParams.get('RelayState') ?? '';
        const buttons = Object.keys(accounts)
          .map(
            (login) =>
              `<button type="submit" name="login" value="${escape(login)}">Sign in as ${escape(login)}</button>`,
          )
          .join('');
        const hidden = (name: string, value: string) =>
          `<input type="hidden" name="${name}" value="${escape(value)}">`;
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<!doctype html><html><body><h1>Test identity provider</h1><form method="get" action="/sso/answer">` +
              hidden('request', Buffer.from(JSON.stringify(request)).toString('base64url')) +
              hidden('RelayState', relayState) +
              buttons +
              `</form></body></html>`,
          );
        return;
      }
      if (url.pathname === '/sso/answer' && req.method === 'GET') {
        const request = JSON.parse(
          Buffer.from(url.searchParams.get('request') ?? '', 'base64url').toString('utf8'),
        ) as AnsweredRequest;
        const account = accounts[url.searchParams.get('login') ?? ''];
        if (!account) return fail(400, 'no such account');
        const page = postBack(
          request.acsUrl,
          answer(request, account),
          url.searchParams.get('RelayState') ?? '',
        );
        res.writeHead(200, { 'content-type': 'text/html' }).end(page);
        return;
      }
      fail(404, 'not found');
    } catch (error) {
      fail(400, String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp: SamlIdp = {
    url: base,
    entityId: `${base}/metadata`,
    signOnUrl: `${base}/sso`,
    certificate: trusted.certificate,
    mode: 'signed',
    changes: {},
    requests,
    unsolicited(login, sp) {
      const account = accounts[login];
      if (!account) throw new Error(`no account ${login}`);
      return { SAMLResponse: base64(answer({ issuer: sp.entityId, acsUrl: sp.acsUrl }, account)) };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return idp;
}

/**
 * What a browser does at the identity provider, without a browser: opens the sign-in request, picks the account and
 * reads the form the provider would post to Switchyard.
 */
export async function signInAtIdp(
  location: string,
  login: string,
): Promise<{ acsUrl: string; form: Record<string, string> }> {
  const page = await (await fetch(location)).text();
  const inputs = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      unescape(m[2]!),
    ]),
  );
  const answerUrl = new URL('/sso/answer', location);
  for (const [name, value] of Object.entries({ ...inputs, login })) answerUrl.searchParams.set(name, value);
  const answer = await (await fetch(answerUrl)).text();
  const acsUrl = unescape(/action="([^"]+)"/.exec(answer)?.[1] ?? '');
  const form = Object.fromEntries(
    [...answer.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      unescape(m[2]!),
    ]),
  );
  return { acsUrl, form };
}

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
