import { toEventResponse } from '../../flag-model/events/event-routes.ts';
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

/** POSTs the event, as JSON or through a body template, to a URL of the user's. */
export const webhook: ProviderDefinition = {
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
