/**
 * Converts between an instant (RFC 3339, as constraints store it) and a wall-clock time in a chosen IANA time
 * zone, as the date input shows it. No date library: Intl knows every zone's offset.
 */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** "2024-03-01T09:30" in Europe/Oslo → "2024-03-01T08:30:00.000Z". */
export function wallTimeToInstant(wall: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wall);
  if (!match) return undefined;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const guess = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  let instant = guess - offsetMinutes(guess, timeZone) * 60_000;
  // A second pass settles times near a daylight-saving change.
  instant = guess - offsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** "2024-03-01T08:30:00.000Z" shown in Europe/Oslo → "2024-03-01T09:30". */
export function instantToWallTime(value: string, timeZone: string): string {
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return '';
  const shifted = new Date(instant + offsetMinutes(instant, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.(
    'timeZone',
  );
  return supported?.length ? ['UTC', ...supported.filter((z) => z !== 'UTC')] : ['UTC', localTimeZone()];
}
