/**
 * Counts requests per client address in a sliding window, in this process's memory: a cheap brake on one address
 * asking for many reset emails. Old entries go when the address is seen again or the map is swept.
 */
export function createAddressLimit(options: { max: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const seen = new Map<string, number[]>();
  return {
    /** Records a request; the seconds to wait when the address is over the limit, else 0. */
    take(address: string): number {
      const at = now();
      const recent = (seen.get(address) ?? []).filter((t) => t > at - options.windowMs);
      if (recent.length >= options.max) {
        seen.set(address, recent);
        return Math.max(1, Math.ceil((recent[0]! + options.windowMs - at) / 1000));
      }
      recent.push(at);
      seen.set(address, recent);
      if (seen.size > 10_000) {
        for (const [key, times] of seen) if (times.every((t) => t <= at - options.windowMs)) seen.delete(key);
      }
      return 0;
    },
  };
}
