import type { ProviderDefinition } from './addon-provider.ts';
import { slackApp, teamsWorkflow } from './chat-providers.ts';
import { slack, teams } from './legacy-chat-providers.ts';
import { datadog, newRelic } from './monitoring-providers.ts';
import { webhook } from './webhook-provider.ts';

export type { ProviderDefinition, SendContext } from './addon-provider.ts';

/** Every provider, in the order the API lists them; the deprecated ones last. */
export const PROVIDERS: ProviderDefinition[] = [
  webhook,
  slackApp,
  teamsWorkflow,
  datadog,
  newRelic,
  slack,
  teams,
];

export const providerNamed = (name: string) => PROVIDERS.find((provider) => provider.name === name);
