import type { SwitchyardEvent } from '../../flag-model/events/event.ts';

/** An event told for people: one line of plain text, the same in Markdown, and where to look in the admin UI. */
export type EventMessage = { title: string; text: string; markdown: string; link: string };

const VERBS: Record<string, string> = {
  'feature-created': 'created',
  'feature-updated': 'updated',
  'feature-metadata-updated': 'changed the details of',
  'feature-archived': 'archived',
  'feature-revived': 'revived',
  'feature-deleted': 'deleted',
  'feature-environment-enabled': 'enabled',
  'feature-environment-disabled': 'disabled',
  'feature-strategy-add': 'added a strategy to',
  'feature-strategy-update': 'changed a strategy of',
  'feature-strategy-remove': 'removed a strategy from',
  'feature-stale-on': 'marked as stale',
  'feature-stale-off': 'marked as no longer stale',
  'feature-potentially-stale-on': 'marked as potentially stale',
  'safeguard-triggered': 'stopped the release plan of',
  'feature-environment-variants-updated': 'changed the variants of',
  'feature-tagged': 'tagged',
  'feature-untagged': 'removed a tag from',
  'feature-completed': 'marked as completed',
  'feature-type-updated': 'changed the type of',
  'feature-project-change': 'moved',
};

/** The top-level properties that differ between the state before and after, for "what changed". */
function changedProperties(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .sort();
}

export function eventMessage(event: SwitchyardEvent, publicUrl: string): EventMessage {
  const base = publicUrl.replace(/\/+$/, '');
  const project = event.project ? encodeURIComponent(event.project) : undefined;
  const link =
    project && event.flagName
      ? `${base}/projects/${project}/flags/${encodeURIComponent(event.flagName)}`
      : project
        ? `${base}/projects/${project}`
        : base;
  const verb = VERBS[event.type];
  const where = [
    event.environment ? `in ${event.environment}` : '',
    event.project ? `(project ${event.project})` : '',
  ].filter(Boolean);
  const changed = changedProperties(event.preData, event.data);
  const what = changed.length ? `; changed: ${changed.join(', ')}` : '';
  const title = event.flagName ? `${event.type}: ${event.flagName}` : event.type;
  if (verb && event.flagName) {
    const text = [`${event.createdBy} ${verb} flag ${event.flagName}`, ...where].join(' ') + what;
    const markdown =
      [
        `**${event.createdBy}** ${verb} flag [${event.flagName}](${link})`,
        ...where.map((w) => `*${w}*`),
      ].join(' ') + what;
    return { title, text, markdown, link };
  }
  if (event.type === 'api-token-expiring') {
    const data = (event.data ?? {}) as { tokenName?: string; expiresAt?: string };
    const text = `API token "${data.tokenName}" expires at ${data.expiresAt}: create its successor and move the SDKs to it`;
    return { title, text, markdown: text, link: `${base}/api-tokens` };
  }
  const subject = event.flagName ? ` for flag ${event.flagName}` : '';
  const text = [`${event.createdBy} caused ${event.type}${subject}`, ...where].join(' ') + what;
  const markdown =
    [
      `**${event.createdBy}** caused *${event.type}*${subject ? ` for flag [${event.flagName}](${link})` : ''}`,
      ...where,
    ].join(' ') + what;
  return { title, text, markdown, link };
}
