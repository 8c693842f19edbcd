export const INPUTS_FILE: string;
export function bundleIsCurrent(): boolean;
/** Builds dist/main.mjs (scripts/build.mjs) unless it is current; false when the build failed. */
export function buildUnlessCurrent(): boolean;
