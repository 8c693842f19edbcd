import type { SwitchyardEvent } from '../events/event.ts';
import { toEventResponse } from '../events/event-routes.ts';
import { eventMessage } from './event-message.ts';
import type { OutboundRequest } from './outbound-request.ts';
import { renderMustache } from './render-mustache.ts';

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
  'feature-environment-variants-updated',
  'feature-tagged',
  'feature-untagged',
  'feature-completed',
  'feature-type-updated',
  'change-request-created',
  'change-request-approved',
  'change-request-rejected',
  'change-request-applied',
  'change-request-scheduled',
  'change-request-cancelled',
  'project-created',
  'project-updated',
  'project-deleted',
  'segment-created',
  'segment-updated',
  'segment-deleted',
];

/** Paths on the documentation site (apps/docs), which has no fixed address: each installation serves its own. */
const DOCS = '/reference/integrations';

const customHeaders: ParameterDefinition = {
  name: 'customHeaders',
  displayName: 'Extra HTTP headers',
  type: 'textfield',
  description: 'A JSON object of header names and values sent with every request.',
  placeholder: '{ "X-Team": "checkout" }',
  required: false,
  sensitive: true,
};
const bodyTemplate: ParameterDefinition = {
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
function templateView(event: SwitchyardEvent, markdown: string) {
  const wire = toEventResponse(event);
  return {
    event: wire,
    eventJson: JSON.stringify(JSON.stringify(wire)).slice(1, -1),
    eventMarkdown: markdown,
  };
}

function withHeaders(parameters: Record<string, string>, base: Record<string, string>) {
  const { headers, problem } = parseHeaders(parameters.customHeaders);
  return {
    headers: { ...base, ...headers },
    warnings: problem ? [`customHeaders ${problem}: not sent`] : [],
  };
}

const webhook: ProviderDefinition = {
  name: 'webhook',
  displayName: 'Webhook',
  description: 'Sends every matching event to a URL of yours as an HTTP POST, as JSON or a body of your own.',
  documentationUrl: `${DOCS}/webhook`,
  howTo:
    'Give the URL of your receiver; optionally an Authorization header, extra headers and a body template.',
  parameters: [
    {
      name: 'url',
      displayName: 'URL',
      type: 'url',
      description: 'Where events are POSTed.',
      placeholder: 'https://example.com/switchyard',
      required: true,
      sensitive: true,
    },
    {
      name: 'contentType',
      displayName: 'Content type',
      type: 'text',
      description: 'The Content-Type header. Default: application/json.',
      placeholder: 'application/json',
      required: false,
      sensitive: false,
    },
    {
      name: 'authorization',
      displayName: 'Authorization header',
      type: 'text',
      description: 'Sent as the Authorization header when set.',
      placeholder: 'Bearer secret',
      required: false,
      sensitive: true,
    },
    customHeaders,
    bodyTemplate,
  ],
  events: DELIVERABLE_EVENTS,
  build(event, parameters, context) {
    const message = eventMessage(event, context.publicUrl);
    const base: Record<string, string> = {
      'content-type': parameters.contentType?.trim() || 'application/json',
    };
    if (parameters.authorization) base.authorization = parameters.authorization;
    const { headers, warnings } = withHeaders(parameters, base);
    const template = parameters.bodyTemplate ?? '';
    const body =
      template.length > 1
        ? renderMustache(template, templateView(event, message.markdown))
        : JSON.stringify(toEventResponse(event));
    return { requests: [{ url: parameters.url!, headers, body }], warnings };
  },
};

const teamsWorkflow: ProviderDefinition = {
  name: 'teamsworkflow',
  displayName: 'Microsoft Teams - Workflow',
  description:
    'Posts a card for every matching event to a Microsoft Teams channel through a Workflows webhook.',
  documentationUrl: `${DOCS}/teams`,
  howTo:
    'In Teams, create a workflow "Post to a channel when a webhook request is received" and paste its URL.',
  parameters: [
    {
      name: 'url',
      displayName: 'Workflow URL',
      type: 'url',
      description: 'The URL of the Teams workflow.',
      required: true,
      sensitive: true,
    },
    customHeaders,
  ],
  events: DELIVERABLE_EVENTS,
  build(event, parameters, context) {
    const message = eventMessage(event, context.publicUrl);
    const { headers, warnings } = withHeaders(parameters, { 'content-type': 'application/json' });
    const card = {
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              { type: 'TextBlock', text: message.title, weight: 'Bolder', wrap: true },
              { type: 'TextBlock', text: message.markdown, wrap: true },
            ],
            actions: [{ type: 'Action.OpenUrl', title: 'Open in Switchyard', url: message.link }],
          },
        },
      ],
    };
    return { requests: [{ url: parameters.url!, headers, body: JSON.stringify(card) }], warnings };
  },
};

const datadog: ProviderDefinition = {
  name: 'datadog',
  displayName: 'Datadog',
  description:
    'Records every matching event in the Datadog event stream, tagged with the flag, project and environment.',
  documentationUrl: `${DOCS}/datadog`,
  parameters: [
    {
      name: 'url',
      displayName: 'Datadog events URL',
      type: 'url',
      description:
        "Default: https://api.datadoghq.com/api/v1/events (use your site's address for EU and others).",
      placeholder: 'https://api.datadoghq.eu/api/v1/events',
      required: false,
      sensitive: false,
    },
    {
      name: 'apiKey',
      displayName: 'API key',
      type: 'text',
      description: 'A Datadog API key.',
      required: true,
      sensitive: true,
    },
    {
      name: 'sourceTypeName',
      displayName: 'Source type',
      type: 'text',
      description: "Datadog's source_type_name of the events.",
      required: false,
      sensitive: false,
    },
    customHeaders,
    bodyTemplate,
  ],
  events: DELIVERABLE_EVENTS,
  tagTypes: [{ name: 'datadog', description: 'Extra Datadog tags for the events of a flag.' }],
  build(event, parameters, context) {
    const message = eventMessage(event, context.publicUrl);
    const { headers, warnings } = withHeaders(parameters, {
      'content-type': 'application/json',
      'dd-api-key': parameters.apiKey ?? '',
    });
    const template = parameters.bodyTemplate ?? '';
    const text =
      template.length > 1
        ? renderMustache(template, templateView(event, message.markdown))
        : message.markdown;
    const tags = [
      event.flagName && `flag:${event.flagName}`,
      event.project && `project:${event.project}`,
      event.environment && `environment:${event.environment}`,
      ...event.tags.filter((tag) => tag.type === 'datadog').map((tag) => tag.value),
    ].filter((tag): tag is string => Boolean(tag));
    const body = {
      title: message.title,
      text: `%%% \n${text}\n %%%`,
      tags,
      ...(parameters.sourceTypeName ? { source_type_name: parameters.sourceTypeName } : {}),
    };
    const url = parameters.url?.trim() || 'https://api.datadoghq.com/api/v1/events';
    return { requests: [{ url, headers, body: JSON.stringify(body) }], warnings };
  },
};

const newRelic: ProviderDefinition = {
  name: 'new-relic',
  displayName: 'New Relic',
  description: 'Sends every matching event to New Relic as a custom event you can query and chart.',
  documentationUrl: `${DOCS}/new-relic`,
  parameters: [
    {
      name: 'url',
      displayName: 'Event API URL',
      type: 'url',
      description:
        'https://insights-collector.newrelic.com/v1/accounts/<account id>/events (EU: insights-collector.eu01.nr-data.net).',
      required: true,
      sensitive: false,
    },
    {
      name: 'licenseKey',
      displayName: 'License key',
      type: 'text',
      description: 'A New Relic license (ingest) key.',
      required: true,
      sensitive: true,
    },
    customHeaders,
    bodyTemplate,
  ],
  events: DELIVERABLE_EVENTS,
  build(event, parameters, context) {
    const message = eventMessage(event, context.publicUrl);
    const { headers, warnings } = withHeaders(parameters, {
      'content-type': 'application/json',
      'api-key': parameters.licenseKey ?? '',
    });
    const template = parameters.bodyTemplate ?? '';
    const text =
      template.length > 1 ? renderMustache(template, templateView(event, message.markdown)) : message.text;
    const body = {
      eventType: 'SwitchyardEvent',
      switchyardEventType: event.type,
      featureName: event.flagName,
      project: event.project,
      environment: event.environment,
      createdBy: event.createdBy,
      link: message.link,
      text,
    };
    return { requests: [{ url: parameters.url!, headers, body: JSON.stringify(body) }], warnings };
  },
};

const slackApp: ProviderDefinition = {
  name: 'slack-app',
  displayName: 'App for Slack',
  description: 'Posts a message for every matching event to Slack channels, through a Slack app of yours.',
  documentationUrl: `${DOCS}/slack-app`,
  howTo:
    "Create a Slack app with the chat:write scope, install it in your workspace and paste its bot token. Messages go to the default channels and to the channels in a flag's slack tags.",
  parameters: [
    {
      name: 'accessToken',
      displayName: 'Access token',
      type: 'text',
      description: 'The bot token of the Slack app (xoxb-…).',
      required: true,
      sensitive: true,
    },
    {
      name: 'defaultChannels',
      displayName: 'Channels',
      type: 'text',
      description: 'Comma-separated channels every message goes to.',
      placeholder: 'releases, checkout-team',
      required: false,
      sensitive: false,
    },
  ],
  events: DELIVERABLE_EVENTS,
  tagTypes: [{ name: 'slack', description: "A Slack channel that hears of a flag's changes." }],
  build(event, parameters, context) {
    const message = eventMessage(event, context.publicUrl);
    const channels = [
      ...(parameters.defaultChannels ?? '').split(','),
      ...event.tags.filter((tag) => tag.type === 'slack').map((tag) => tag.value),
    ]
      .map((channel) => channel.trim())
      .filter((channel, index, all) => channel && all.indexOf(channel) === index);
    const slackText = message.markdown.replace(/\*\*/g, '*').replace(/\[([^\]]*)\]\(([^)]*)\)/g, '<$2|$1>');
    const requests = channels.map((channel) => ({
      url: `${context.slackApiUrl.replace(/\/+$/, '')}/chat.postMessage`,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        authorization: `Bearer ${parameters.accessToken ?? ''}`,
      },
      body: JSON.stringify({ channel, text: slackText, unfurl_links: false }),
    }));
    return {
      requests,
      warnings: channels.length ? [] : ['no channel: set defaultChannels or tag the flag with a slack tag'],
    };
  },
};

export const PROVIDERS: ProviderDefinition[] = [webhook, slackApp, teamsWorkflow, datadog, newRelic];

export const providerNamed = (name: string) => PROVIDERS.find((provider) => provider.name === name);
