/** A `datetime-local` input's value (the browser's local time) as an ISO 8601 instant; undefined when empty. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input's value, in the browser's local time, to the second. */
export function toLocalInput(at: Date): string {
  return (
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
    `T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
  );
}
