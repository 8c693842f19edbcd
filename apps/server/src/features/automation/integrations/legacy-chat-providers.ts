import {
  customHeaders,
  DELIVERABLE_EVENTS,
  DOCS,
  withHeaders,
  type ProviderDefinition,
} from './addon-provider.ts';
import { eventMessage } from './event-message.ts';

/** Slack through an incoming webhook: one message per event, to the default channel or the flag's slack tags. */
export const slack: ProviderDefinition = {
  name: 'slack',
  displayName: 'Slack',
  description: 'Posts a message for every matching event to Slack through an incoming webhook.',
  documentationUrl: `${DOCS}/slack`,
  deprecated: 'Slack is retiring incoming webhooks for apps: use the App for Slack (slack-app) instead.',
  howTo:
    "Add an incoming webhook to your Slack workspace and paste its URL. A flag's slack tags send its messages to those channels too.",
  parameters: [
    {
      name: 'url',
      displayName: 'Webhook URL',
      type: 'url',
      description: 'The URL of the Slack incoming webhook.',
      required: true,
      sensitive: true,
    },
    {
      name: 'username',
      displayName: 'Username',
      type: 'text',
      description: 'The name messages are posted under.',
      placeholder: 'Switchyard',
      required: false,
      sensitive: false,
    },
    {
      name: 'emojiIcon',
      displayName: 'Emoji icon',
      type: 'text',
      description: 'The emoji shown beside the messages.',
      placeholder: ':flags:',
      required: false,
      sensitive: false,
    },
    {
      name: 'defaultChannel',
      displayName: 'Default channel',
      type: 'text',
      description: 'The channel messages go to when the flag has no slack tag.',
      placeholder: 'releases',
      required: true,
      sensitive: false,
    },
    customHeaders,
  ],
  events: DELIVERABLE_EVENTS,
  tagTypes: [{ name: 'slack', description: "A Slack channel that hears of a flag's changes." }],
  build(event, parameters, context) {
    const message = eventMessage(event, context.publicUrl);
    const { headers, warnings } = withHeaders(parameters, { 'content-type': 'application/json' });
    const tagged = event.tags.filter((tag) => tag.type === 'slack').map((tag) => tag.value.trim());
    const channels = [...new Set(tagged.length ? tagged : [parameters.defaultChannel ?? ''])].filter(Boolean);
    const text = message.markdown.replace(/\*\*/g, '*').replace(/\[([^\]]*)\]\(([^)]*)\)/g, '<$2|$1>');
    const requests = channels.map((channel) => ({
      url: parameters.url!,
      headers,
      body: JSON.stringify({
        channel,
        username: parameters.username || 'Switchyard',
        icon_emoji: parameters.emojiIcon || ':flags:',
        text,
      }),
    }));
    return { requests, warnings };
  },
};

/** Microsoft Teams through an Office 365 connector: a MessageCard per event. */
export const teams: ProviderDefinition = {
  name: 'teams',
  displayName: 'Microsoft Teams',
  description:
    'Posts a card for every matching event to a Microsoft Teams channel through an Office 365 connector.',
  documentationUrl: `${DOCS}/teams`,
  deprecated:
    'Microsoft is retiring Office 365 connectors: use Microsoft Teams - Workflow (teamsworkflow) instead.',
  howTo: 'Add an "Incoming Webhook" connector to the Teams channel and paste its URL.',
  parameters: [
    {
      name: 'url',
      displayName: 'Connector URL',
      type: 'url',
      description: 'The URL of the Teams incoming webhook connector.',
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
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: message.title,
      themeColor: '3b5bdb',
      sections: [{ activityTitle: message.title, text: message.markdown }],
      potentialAction: [
        { '@type': 'OpenUri', name: 'Open in Switchyard', targets: [{ os: 'default', uri: message.link }] },
      ],
    };
    return { requests: [{ url: parameters.url!, headers, body: JSON.stringify(card) }], warnings };
  },
};
