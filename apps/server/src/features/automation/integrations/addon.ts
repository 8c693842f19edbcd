/** An integration (Unleash: addon): a provider, its parameters, and which events it receives. */
export type Addon = {
  id: number;
  provider: string;
  description: string | null;
  enabled: boolean;
  parameters: Record<string, string>;
  /** Event types it receives. */
  events: string[];
  /** Empty or `*`: every project. */
  projects: string[];
  /** Empty or `*`: every environment. */
  environments: string[];
  createdAt: Date;
};

export type AddonFields = Omit<Addon, 'id' | 'createdAt'>;

/** What the API shows in place of a secret parameter; sent back unchanged it keeps the stored value. */
export const MASK = '*****';

/** One attempt to deliver an event, as the delivery log shows it. */
export type DeliveryAttempt = {
  id: number;
  addonId: number;
  eventId: number;
  state: 'success' | 'failed' | 'successWithErrors';
  stateDetails: string;
  details: Record<string, unknown>;
  createdAt: Date;
};

/**
 * Whether an event reaches an addon: its type is among the addon's events, and its project and environment (when
 * it has them) pass the addon's lists. The SQL in addon-outbox.ts says the same for the outbox.
 */
export function addonReceives(
  addon: Pick<Addon, 'enabled' | 'events' | 'projects' | 'environments'>,
  event: { type: string; project: string | null; environment: string | null },
): boolean {
  const passes = (list: string[], value: string | null) =>
    value === null || list.length === 0 || list.includes('*') || list.includes(value);
  return (
    addon.enabled &&
    addon.events.includes(event.type) &&
    passes(addon.projects, event.project) &&
    passes(addon.environments, event.environment)
  );
}
