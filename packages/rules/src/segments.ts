/** How many segments one strategy may require (Unleash's default `strategySegments` resource limit). */
export const STRATEGY_SEGMENTS_LIMIT = 5;

/**
 * Whether a strategy of a flag in `flagProject` may require a segment of `segmentProject`: a global segment (no
 * project) serves every project, a project's own segment only that project's flags.
 */
export function segmentUsableIn(segmentProject: string | null | undefined, flagProject: string): boolean {
  return segmentProject === null || segmentProject === undefined || segmentProject === flagProject;
}
