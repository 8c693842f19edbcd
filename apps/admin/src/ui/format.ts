/** A time as the reader's locale writes it, or "never" for a time that has not come yet. */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');
