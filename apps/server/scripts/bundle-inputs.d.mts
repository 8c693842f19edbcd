export const INPUTS_FILE: string;
export function bundleIsCurrent(): boolean;
