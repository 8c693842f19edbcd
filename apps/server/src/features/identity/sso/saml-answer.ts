import type { Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** What an identity provider's answer must name to sign anyone in here. */
export type ExpectedAnswer = {
  /** The configured identity provider: the only issuer we accept. */
  idpEntityId: string;
  /** Our assertion consumer service: where the answer was meant to go. */
  acsUrl: string;
  /** The sign-in request this browser started; the answer must reply to it and no other. */
  requestId: string;
};

/**
 * The checks node-saml leaves to us, made after it verified the assertion's signature, its audience, its times and that
 * it replies to a request we sent once. Its `idpIssuer` applies only to logout messages, it reads neither Destination nor
 * Recipient, and any request we sent will do for it. The issuer and Recipient are read from the signed assertion; the
 * Response around it is often unsigned, so its Issuer and Destination are checked only as the SAML core rules ask
 * (when present, they must be right).
 */
export function checkSamlAnswer(profile: Profile, expected: ExpectedAnswer): void {
  const response = rootOf(profile.getSamlResponseXml?.(), 'Response', PROTOCOL);
  const assertion = rootOf(profile.getAssertionXml?.(), 'Assertion', ASSERTION);

  const assertionIssuer = issuerOf(assertion);
  if (assertionIssuer !== expected.idpEntityId)
    throw new Error(
      `The assertion's issuer ${quote(assertionIssuer)} is not the configured identity provider ${quote(expected.idpEntityId)}`,
    );
  const responseIssuer = issuerOf(response);
  if (responseIssuer !== undefined && responseIssuer !== expected.idpEntityId)
    throw new Error(
      `The response's issuer ${quote(responseIssuer)} is not the configured identity provider ${quote(expected.idpEntityId)}`,
    );

  const destination = response.getAttribute('Destination') || undefined;
  if (destination !== undefined && destination !== expected.acsUrl)
    throw new Error(
      `The response's Destination ${quote(destination)} is not this server (${expected.acsUrl})`,
    );
  const confirmations = bearerConfirmations(assertion);
  const recipients = confirmations.map((data) => data.getAttribute('Recipient') || undefined);
  if (!recipients.includes(expected.acsUrl))
    throw new Error(
      `The assertion's Recipient ${recipients.map(quote).join(', ') || '(none)'} is not this server (${expected.acsUrl})`,
    );

  // The Response's InResponseTo is what node-saml found among our requests; the assertion's own, when it has one, is
  // the signed word.
  const replies = [
    response.getAttribute('InResponseTo') || undefined,
    ...confirmations.map((data) => data.getAttribute('InResponseTo')).filter(Boolean),
  ];
  for (const inResponseTo of replies)
    if (inResponseTo !== expected.requestId)
      throw new Error(
        `The answer replies to another sign-in (InResponseTo ${quote(inResponseTo ?? undefined)}) than the one this browser started`,
      );
}

function rootOf(xml: string | undefined, localName: string, namespace: string): Element {
  const fail = (message: string) => {
    throw new Error(`The answer is not well-formed XML: ${message}`);
  };
  const parser = new DOMParser({ errorHandler: { warning: () => {}, error: fail, fatalError: fail } });
  const root = xml ? parser.parseFromString(xml, 'text/xml').documentElement : null;
  if (!root || root.localName !== localName || root.namespaceURI !== namespace)
    throw new Error(`The answer has no SAML ${localName}`);
  return root;
}

/** The text of the element's own Issuer child (not one of a nested element). */
function issuerOf(element: Element): string | undefined {
  const issuer = childrenOf(element, 'Issuer', ASSERTION)[0];
  return issuer ? (issuer.textContent ?? '').trim() : undefined;
}

/** The SubjectConfirmationData of each bearer SubjectConfirmation: where the assertion may be presented. */
function bearerConfirmations(assertion: Element): Element[] {
  return childrenOf(assertion, 'Subject', ASSERTION)
    .flatMap((subject) => childrenOf(subject, 'SubjectConfirmation', ASSERTION))
    .filter((confirmation) => confirmation.getAttribute('Method') === BEARER)
    .flatMap((confirmation) => childrenOf(confirmation, 'SubjectConfirmationData', ASSERTION));
}

function childrenOf(element: Element, localName: string, namespace: string): Element[] {
  const found: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    const child = node as Element;
    if (child.nodeType === 1 && child.localName === localName && child.namespaceURI === namespace)
      found.push(child);
  }
  return found;
}

const quote = (value: string | undefined) => (value === undefined ? '(none)' : `"${value.slice(0, 200)}"`);
