import type { SwitchyardEvent } from '../../flag-model/events/event.ts';
import { toEventResponse } from '../../flag-model/events/event-routes.ts';
import type { OutboundRequest } from './outbound-request.ts';

/** What every provider is made of, and the parts several providers share. */
export type ParameterDefinition = {
  name: string;
  displayName: string;
  type: 'url' | 'text' | 'textfield';
  description?: string;
  placeholder?: string;
  required: boolean;
  sensitive: boolean;
};

/** What a provider needs besides the event and the addon's parameters. */
export type SendContext = { publicUrl: string; slackApiUrl: string };

/** The requests one delivery makes, and problems that did not stop it (a delivery with them is successWithErrors). */
export type Outgoing = { requests: OutboundRequest[]; warnings: string[] };

export type ProviderDefinition = {
  name: string;
  displayName: string;
  description: string;
  documentationUrl: string;
  howTo?: string;
  parameters: ParameterDefinition[];
  events: string[];
  tagTypes?: { name: string; description?: string; icon?: string }[];
  deprecated?: string;
  build(event: SwitchyardEvent, parameters: Record<string, string>, context: SendContext): Outgoing;
};

/** Event types offered to every provider; an addon may also name others it knows of. */
export const DELIVERABLE_EVENTS = [
  'feature-created',
  'feature-updated',
  'feature-metadata-updated',
  'feature-archived',
  'feature-revived',
  'feature-deleted',
  'feature-environment-enabled',
  'feature-environment-disabled',
  'feature-strategy-add',
  'feature-strategy-update',
  'feature-strategy-remove',
  'feature-stale-on',
  'feature-stale-off',
  'feature-potentially-stale-on',
  'safeguard-triggered',
  'feature-environment-variants-updated',
  'feature-tagged',
  'feature-untagged',
  'feature-completed',
  'feature-type-updated',
  'feature-project-change',
  'change-request-created',
  'change-request-approved',
  'change-request-rejected',
  'change-request-applied',
  'change-request-scheduled',
  'change-request-cancelled',
  'project-created',
  'project-updated',
  'project-deleted',
  'project-archived',
  'project-revived',
  'segment-created',
  'segment-updated',
  'segment-deleted',
  'api-token-expiring',
];

/** Paths on the documentation site (apps/docs), which has no fixed address: each installation serves its own. */
export const DOCS = '/reference/integrations';

export const customHeaders: ParameterDefinition = {
  name: 'customHeaders',
  displayName: 'Extra HTTP headers',
  type: 'textfield',
  description: 'A JSON object of header names and values sent with every request.',
  placeholder: '{ "X-Team": "checkout" }',
  required: false,
  sensitive: true,
};
export const bodyTemplate: ParameterDefinition = {
  name: 'bodyTemplate',
  displayName: 'Body template',
  type: 'textfield',
  description:
    'A Mustache template for the body, with `event` (the event), `eventJson` (the event as a JSON string) and `eventMarkdown` (a readable summary). Empty: the default body.',
  placeholder: '{ "text": "{{{eventMarkdown}}}" }',
  required: false,
  sensitive: false,
};

/** The header names and values of a customHeaders parameter, or why it is not a JSON object of strings. */
export function parseHeaders(raw: string | undefined): { headers: Record<string, string>; problem?: string } {
  if (!raw || !raw.trim()) return { headers: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { headers: {}, problem: 'must be a JSON object such as {"X-Team": "checkout"}' };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { headers: {}, problem: 'must be a JSON object such as {"X-Team": "checkout"}' };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      return { headers: {}, problem: `has "${name}", which is not a valid header name` };
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (headerValueProblem(text))
      return { headers: {}, problem: `has a value for "${name}" ${headerValueProblem(text)}` };
    headers[name] = text;
  }
  return { headers };
}

/** Header values may not hold control characters (which would split the request) or non-Latin-1 text. */
export function headerValueProblem(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  return /[\u0000-\u0008\u000a-\u001f\u007f]|[^\u0000-\u00ff]/.test(value)
    ? 'with characters a header cannot carry'
    : undefined;
}

/** The variables of a body template. `eventJson` is a JSON string of the event, ready to put inside quotes. */
export function templateView(event: SwitchyardEvent, markdown: string) {
  const wire = toEventResponse(event);
  return {
    event: wire,
    eventJson: JSON.stringify(JSON.stringify(wire)).slice(1, -1),
    eventMarkdown: markdown,
  };
}

export function withHeaders(parameters: Record<string, string>, base: Record<string, string>) {
  const { headers, problem } = parseHeaders(parameters.customHeaders);
  return {
    headers: { ...base, ...headers },
    warnings: problem ? [`customHeaders ${problem}: not sent`] : [],
  };
}
