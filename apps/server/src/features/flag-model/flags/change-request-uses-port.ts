import type { Db } from '../../../db/db.ts';

/*
 * What flag search and segment usage show of open change requests (governance). The flag model imports no other
 * area, so it names what it needs here; governance implements it and app.ts wires it in.
 */

/** A strategy an open change request would add or change, as segment usage lists it; `id` is absent for an added one. */
export type ChangeRequestStrategyUse = {
  id?: string;
  flagName: string;
  project: string;
  strategyName: string;
  environment: string;
};

export type ChangeRequestUsesPort = {
  /** Ids of the open change requests (in review, approved or scheduled) that change each flag, per environment. */
  openRequestsOfFlags(
    db: Db,
    flagNames: readonly string[],
  ): Promise<{ flagName: string; environment: string; id: number }[]>;
  /** Strategies open change requests would give this segment, but those of `hiddenProjects`. */
  strategiesUsingSegment(
    db: Db,
    segmentId: number,
    hiddenProjects: readonly string[],
  ): Promise<ChangeRequestStrategyUse[]>;
};
