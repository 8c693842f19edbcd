import type { ClientReportStore, FlagCount, Registration, Seen } from './client-report-store.ts';

/** Counts summed per application, environment, hour and token scope until the next flush. */
type Group = {
  appName: string;
  environment: string;
  hour: Date;
  projects: readonly string[];
  flags: Map<string, FlagCount>;
};

const MAX_COUNT = Number.MAX_SAFE_INTEGER;
const add = (a: number, b: number) => Math.min(MAX_COUNT, a + b);

export type ClientReports = ReturnType<typeof createClientReportBuffer>;

/**
 * What SDKs report (registrations, usage counts, "last seen"), held in memory and written every `flushMs`
 * (decision record 0045): 10,000 instances posting once a minute make a few statements per flush, one upsert per
 * application, environment and hour, not one transaction per post. A kill -9 loses what arrived since the last
 * flush, at most `flushMs`; a clean stop flushes. With `flushMs` 0 each report is written as it comes.
 * Made once per app; the Client, Frontend and edge routes all report through it.
 */
export function createClientReportBuffer(
  store: ClientReportStore,
  options: { flushMs: number; onError: (error: Error) => void },
) {
  let registrations = new Map<string, Registration>();
  let apps = new Set<string>();
  let instances = new Map<string, Seen>();
  let groups = new Map<string, Group>();
  let flushing = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const buffering = options.flushMs > 0;

  const write = async () => {
    const held = { registrations, apps, instances, groups };
    registrations = new Map();
    apps = new Set();
    instances = new Map();
    groups = new Map();
    await store.registerMany([...held.registrations.values()]);
    await store.seenMany([...held.apps], [...held.instances.values()]);
    for (const group of held.groups.values())
      await store.addCounts(
        group.appName,
        group.environment,
        group.hour,
        [...group.flags.values()],
        group.projects,
      );
  };

  const flush = (): Promise<void> => {
    flushing = flushing.then(write).catch((error: Error) => options.onError(error));
    return flushing;
  };

  return {
    async register(r: Registration): Promise<void> {
      if (!buffering) return store.register(r);
      registrations.set(JSON.stringify([r.appName, r.instanceId, r.environment]), r);
    },
    async seen(appName: string, environment: string, instanceId?: string): Promise<void> {
      if (!buffering) return store.seen(appName, environment, instanceId);
      apps.add(appName);
      if (instanceId)
        instances.set(JSON.stringify([appName, environment, instanceId]), {
          appName,
          environment,
          instanceId,
        });
    },
    async addCounts(
      appName: string,
      environment: string,
      start: Date,
      counts: FlagCount[],
      projects: readonly string[] = ['*'],
    ): Promise<void> {
      if (!buffering) return store.addCounts(appName, environment, start, counts, projects);
      const hour = new Date(start);
      hour.setUTCMinutes(0, 0, 0);
      const key = JSON.stringify([appName, environment, hour.getTime(), projects]);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { appName, environment, hour, projects, flags: new Map() }));
      for (const count of counts) {
        const held = group.flags.get(count.flagName);
        if (!held) {
          group.flags.set(count.flagName, { ...count, variants: { ...count.variants } });
          continue;
        }
        held.yes = add(held.yes, count.yes);
        held.no = add(held.no, count.no);
        for (const [name, n] of Object.entries(count.variants))
          held.variants[name] = add(held.variants[name] ?? 0, n);
      }
    },
    start(): void {
      if (buffering) timer ??= setInterval(() => void flush(), options.flushMs).unref();
    },
    /** Writes what is held now (a clean stop, tests). */
    flush,
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
