import {
  customHeaders,
  DELIVERABLE_EVENTS,
  DOCS,
  withHeaders,
  type ProviderDefinition,
} from './addon-provider.ts';
import { eventMessage } from './event-message.ts';

/** Microsoft Teams through a Workflows webhook: an Adaptive Card per event. */
export const teamsWorkflow: ProviderDefinition = {
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

/** An App for Slack of the user's: chat.postMessage to the default channels and those of the flag's slack tags. */
export const slackApp: ProviderDefinition = {
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
