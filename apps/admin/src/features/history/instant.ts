/** A `datetime-local` input's value (the browser's local time) as an ISO 8601 instant; undefined when empty. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}
