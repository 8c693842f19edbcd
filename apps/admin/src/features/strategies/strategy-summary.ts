import type { Constraint, Segment, StrategyDraft } from '../../api/wire.ts';
import { operatorInfo } from '../constraints/operators.ts';

/** "NO, SE or DK". */
export function orList(values: string[]): string {
  if (values.length <= 1) return values[0] ?? '';
  return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

const listParam = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

function who(stickiness: string | undefined): string {
  switch (stickiness ?? 'default') {
    case 'default':
    case 'userId':
      return 'users';
    case 'sessionId':
      return 'sessions';
    case 'random':
      return 'requests, at random';
    default:
      return `${stickiness} values`;
  }
}

export function describeConstraint(constraint: Constraint): string {
  const info = operatorInfo(constraint.operator);
  const values =
    info.kind === 'list' || info.kind === 'cidr'
      ? orList(constraint.values ?? [])
      : info.kind === 'regex'
        ? `/${constraint.value ?? ''}/`
        : info.kind === 'date' && constraint.value && !Number.isNaN(Date.parse(constraint.value))
          ? new Date(constraint.value)
              .toISOString()
              .replace('T', ' ')
              .replace(/:00\.000Z$/, ' UTC')
          : (constraint.value ?? '');
  const not = constraint.inverted ? 'not ' : '';
  const anyCase = info.caseInsensitive && constraint.caseInsensitive ? ' (any case)' : '';
  return `${constraint.contextName} ${not}${info.phrase} ${values}${anyCase}`;
}

function subject(strategy: StrategyDraft): string {
  const p = strategy.parameters ?? {};
  switch (strategy.name) {
    case 'default':
      return 'Everyone';
    case 'flexibleRollout':
      return `${p.rollout ?? '100'}% of ${who(p.stickiness)}`;
    case 'userWithId':
      return `Users with id ${orList(listParam(p.userIds)) || '(none listed)'}`;
    case 'remoteAddress':
      return `Callers from ${orList(listParam(p.IPs)) || '(no address listed)'}`;
    case 'applicationHostname':
      return `Applications on host ${orList(listParam(p.hostNames)) || '(none listed)'}`;
    case 'gradualRolloutUserId':
      return `${p.percentage ?? '0'}% of users`;
    case 'gradualRolloutSessionId':
      return `${p.percentage ?? '0'}% of sessions`;
    case 'gradualRolloutRandom':
      return `${p.percentage ?? '0'}% of requests, at random`;
    default: {
      const shown = Object.entries(p)
        .filter(([, value]) => value !== '')
        .map(([key, value]) => `${key} ${value}`);
      return `${strategy.name}${shown.length ? ` with ${shown.join(', ')}` : ''}`;
    }
  }
}

/**
 * What a strategy does, in one sentence: "50% of users with email ending in @example.com, in segment
 * beta-testers".
 */
export function summarizeStrategy(strategy: StrategyDraft, segments: Segment[] = []): string {
  let text = subject(strategy);
  // A constraint joins the sentence once its field is chosen: "with  is one of" says nothing.
  const constraints = (strategy.constraints ?? []).filter((c) => c.contextName);
  if (constraints.length) text += ` with ${constraints.map(describeConstraint).join(' and ')}`;
  const names = (strategy.segments ?? []).map((id) => segments.find((s) => s.id === id)?.name ?? `#${id}`);
  if (names.length) text += `, in segment${names.length > 1 ? 's' : ''} ${names.join(' and ')}`;
  const variants = strategy.variants ?? [];
  if (variants.length) text += `; variants ${variants.map((v) => v.name).join(', ')}`;
  return strategy.disabled ? `${text} (disabled)` : text;
}
