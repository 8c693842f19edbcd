import type { Plugin } from 'vite';

export const ADMIN_DIR: string;
/** Whether dir/dist holds a build and no file it was built from changed (or vanished) since the build began. */
export function adminUiIsCurrent(dir?: string): boolean;
/** Builds dir/dist with Vite unless it is current; false when the build failed. */
export function buildAdminUiUnlessCurrent(dir?: string, say?: (line: string) => void): boolean;
/** The Vite plugin that records what a build was made from. */
export function recordBuildInputs(): Plugin;
