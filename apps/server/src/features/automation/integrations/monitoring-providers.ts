import {
  bodyTemplate,
  customHeaders,
  DELIVERABLE_EVENTS,
  DOCS,
  templateView,
  withHeaders,
  type ProviderDefinition,
} from './addon-provider.ts';
import { eventMessage } from './event-message.ts';
import { renderMustache } from './render-mustache.ts';

/** The Datadog event stream, tagged with flag, project and environment. */
export const datadog: ProviderDefinition = {
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

/** New Relic custom events of type SwitchyardEvent. */
export const newRelic: ProviderDefinition = {
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
