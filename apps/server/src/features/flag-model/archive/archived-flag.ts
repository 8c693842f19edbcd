/** A flag as the archive sees it: enough to check the rules and to record what was deleted. */
export type ArchivedFlag = {
  name: string;
  project: string;
  type: string;
  description: string | null;
  stale: boolean;
  impressionData: boolean;
  createdAt: Date;
  /** Null while the flag is active. */
  archivedAt: Date | null;
};

/** The flag as recorded in a feature-deleted event's preData, in the wire's words. */
export const toDeletedFlagData = (flag: ArchivedFlag) => ({
  name: flag.name,
  project: flag.project,
  type: flag.type,
  description: flag.description,
  stale: flag.stale,
  impressionData: flag.impressionData,
  createdAt: flag.createdAt,
  archivedAt: flag.archivedAt,
});
