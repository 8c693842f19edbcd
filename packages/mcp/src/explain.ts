/** The parts of the Admin API's flag that an explanation reads. */
export type FlagDetail = {
  name: string;
  project: string;
  type: string;
  description: string | null;
  stale: boolean;
  archived: boolean;
  environments: {
    name: string;
    type: string;
    enabled: boolean;
    strategies: {
      name: string;
      title: string | null;
      disabled: boolean;
      parameters: Record<string, string>;
      constraints: {
        contextName: string;
        operator: string;
        values: string[];
        value?: string;
        inverted: boolean;
      }[];
      segments: number[];
      variants: { name: string }[];
    }[];
    variants: { name: string }[];
  }[];
};

const operatorWords: Record<string, string> = {
  IN: 'is one of',
  NOT_IN: 'is none of',
  STR_CONTAINS: 'contains',
  STR_STARTS_WITH: 'starts with',
  STR_ENDS_WITH: 'ends with',
  NUM_EQ: 'equals',
  NUM_GT: 'is greater than',
  NUM_GTE: 'is at least',
  NUM_LT: 'is less than',
  NUM_LTE: 'is at most',
  DATE_AFTER: 'is after',
  DATE_BEFORE: 'is before',
  SEMVER_EQ: 'is version',
  SEMVER_GT: 'is a version above',
  SEMVER_LT: 'is a version below',
};

type Strategy = FlagDetail['environments'][number]['strategies'][number];

function constraintWords(c: Strategy['constraints'][number]): string {
  const values = c.values.length ? c.values.join(', ') : (c.value ?? '');
  const words = operatorWords[c.operator] ?? c.operator;
  return `${c.contextName} ${c.inverted ? 'does not satisfy' : ''}${c.inverted ? ` "${words}"` : words} ${values}`.trim();
}

/** One strategy in words: who gets the flag. */
export function strategyWords(s: Strategy): string {
  const p = s.parameters;
  let who: string;
  switch (s.name) {
    case 'default':
      who = 'everyone';
      break;
    case 'flexibleRollout':
      who = `${p.rollout ?? '100'}% of ${p.stickiness && p.stickiness !== 'default' ? `${p.stickiness} values` : 'users'}${p.groupId ? ` (group ${p.groupId})` : ''}`;
      break;
    case 'userWithId':
      who = `the users ${p.userIds ?? ''}`;
      break;
    case 'remoteAddress':
      who = `requests from ${p.IPs ?? ''}`;
      break;
    case 'applicationHostname':
      who = `hosts ${p.hostNames ?? ''}`;
      break;
    default:
      who = `the custom strategy "${s.name}"${Object.keys(p).length ? ` with ${JSON.stringify(p)}` : ''}`;
  }
  const conditions = [
    ...s.constraints.map(constraintWords),
    ...(s.segments.length ? [`in segment${s.segments.length > 1 ? 's' : ''} ${s.segments.join(', ')}`] : []),
  ];
  const variants = s.variants.length
    ? `, who get the variants ${s.variants.map((v) => v.name).join(', ')}`
    : '';
  return `${s.title ? `"${s.title}": ` : ''}${who}${conditions.length ? ` where ${conditions.join(' and ')}` : ''}${variants}${s.disabled ? ' (this strategy is paused)' : ''}`;
}

/** The flag's configuration per environment, in plain sentences. */
export function explainFlag(flag: FlagDetail): string {
  const lines = [
    `Flag "${flag.name}" (${flag.type}) in project "${flag.project}"${flag.archived ? ', archived' : ''}${flag.stale ? ', marked stale' : ''}.`,
  ];
  if (flag.description) lines.push(flag.description);
  for (const env of flag.environments) {
    const label = `${env.name} (${env.type})`;
    if (!env.enabled) {
      lines.push(`- ${label}: off, for everyone.`);
      continue;
    }
    const active = env.strategies.filter((s) => !s.disabled);
    if (env.strategies.length === 0) {
      lines.push(`- ${label}: on for everyone (no strategies).`);
      continue;
    }
    if (active.length === 0) {
      lines.push(`- ${label}: on, but every strategy is paused, so nobody gets it.`);
      continue;
    }
    lines.push(`- ${label}: on for ${active.map(strategyWords).join('; or ')}.`);
  }
  return lines.join('\n');
}
