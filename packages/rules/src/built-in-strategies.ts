/** The kinds of value a strategy parameter holds; SDKs always receive them as strings. */
export const PARAMETER_TYPES = ['string', 'percentage', 'list', 'number', 'boolean'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export type BuiltInParameter = { name: string; type: ParameterType; description: string; required: boolean };
export type BuiltInStrategy = {
  name: string;
  title: string;
  description: string;
  parameters: BuiltInParameter[];
};

const parameter = (
  name: string,
  type: ParameterType,
  required: boolean,
  description = '',
): BuiltInParameter => ({
  name,
  type,
  description,
  required,
});

/** The strategies every SDK knows, as the server's catalogue seeds them (0002_create_catalog.sql). */
export const BUILT_IN_STRATEGIES: BuiltInStrategy[] = [
  {
    name: 'default',
    title: 'Standard',
    description: 'On for everyone who meets the constraints.',
    parameters: [],
  },
  {
    name: 'flexibleRollout',
    title: 'Gradual rollout',
    description: 'On for a sticky percentage of users, sessions or any context field.',
    parameters: [
      parameter('rollout', 'percentage', false),
      parameter(
        'stickiness',
        'string',
        true,
        'Used to define stickiness. Possible values: default, userId, sessionId, random or a context field',
      ),
      parameter(
        'groupId',
        'string',
        true,
        'Used to define an activation group, so that the same users are exposed across flags',
      ),
    ],
  },
  {
    name: 'userWithId',
    title: 'User IDs',
    description: 'On for the listed user ids.',
    parameters: [parameter('userIds', 'list', false)],
  },
  {
    name: 'remoteAddress',
    title: 'IPs',
    description: 'On for the listed IP addresses and CIDR ranges.',
    parameters: [parameter('IPs', 'list', true)],
  },
  {
    name: 'applicationHostname',
    title: 'Hosts',
    description: 'On for applications running on the listed host names.',
    parameters: [parameter('hostNames', 'list', false)],
  },
  {
    name: 'gradualRolloutUserId',
    title: 'Gradual rollout by user id',
    description: 'Superseded by flexibleRollout; kept for older SDK payloads.',
    parameters: [parameter('percentage', 'percentage', false), parameter('groupId', 'string', true)],
  },
  {
    name: 'gradualRolloutSessionId',
    title: 'Gradual rollout by session id',
    description: 'Superseded by flexibleRollout; kept for older SDK payloads.',
    parameters: [parameter('percentage', 'percentage', false), parameter('groupId', 'string', true)],
  },
  {
    name: 'gradualRolloutRandom',
    title: 'Random rollout',
    description: 'Superseded by flexibleRollout with random stickiness.',
    parameters: [parameter('percentage', 'percentage', false)],
  },
];

export const FLEXIBLE_ROLLOUT = 'flexibleRollout';

/**
 * The parameters a flexibleRollout gets when they are left out: on for everyone, sticky on the project's default
 * stickiness, grouped by the flag's name (so the same users get it across environments).
 */
export function flexibleRolloutDefaults(groupId: string, stickiness = 'default'): Record<string, string> {
  return { rollout: '100', stickiness, groupId };
}

/** A whole percentage from 0 to 100, as the rollout parameters hold it. */
export function isPercentage(value: string): boolean {
  return /^(100|[1-9]?\d)$/.test(value);
}

/**
 * The one display name of a strategy, wherever it is shown: "Gradual rollout" for `flexibleRollout`; a strategy that
 * is not built in keeps its name.
 */
export function strategyDisplayName(name: string): string {
  return BUILT_IN_STRATEGIES.find((strategy) => strategy.name === name)?.title ?? name;
}
