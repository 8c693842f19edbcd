import type { Context } from '@switchyard/evaluation';

/**
 * Fields that stay at the root of the context. Unleash also moves `currentTime` into properties (so date
 * constraints always use server time); Switchyard keeps it, so a client can ask "what will they see at …".
 */
const ROOT_FIELDS = new Set([
  'appName',
  'environment',
  'userId',
  'sessionId',
  'remoteAddress',
  'currentTime',
]);
const PROPERTY_KEY = /^properties\[(.+)\]$/;

const text = (value: unknown): string | undefined => {
  if (value === undefined || value === null || value === '' || value === false) return undefined;
  if (Array.isArray(value)) return text(value[0]);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/**
 * Builds the evaluation context of a Frontend API request as Unleash does: root fields stay, every other key
 * (and `properties[x]` in a query string) becomes a property, an explicit `properties` object wins, and the
 * caller's IP is the default remoteAddress. Unlike Unleash, no random sessionId is made up: browser SDKs send their
 * own, and without one `default` stickiness is random anyway, while evaluation stays repeatable.
 */
export function buildFrontendContext(raw: Record<string, unknown>, callerIp: string): Context {
  const properties: Record<string, string> = {};
  const context: Context = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'properties') continue;
    const bracket = PROPERTY_KEY.exec(key);
    const v = text(value);
    if (v === undefined) continue;
    if (bracket) properties[bracket[1]!] = v;
    else if (ROOT_FIELDS.has(key)) context[key] = v;
    else properties[key] = v;
  }
  if (raw.properties && typeof raw.properties === 'object') {
    for (const [key, value] of Object.entries(raw.properties as Record<string, unknown>)) {
      const v = text(value);
      if (v !== undefined) properties[key] = v;
    }
  }
  context.appName ??= 'frontend-api';
  context.environment ??= 'default';
  context.remoteAddress ??= callerIp;
  context.properties = properties;
  return context;
}
