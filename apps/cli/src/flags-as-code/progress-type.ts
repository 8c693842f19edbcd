/** A progress callback: `done` of `total` steps, and what was done. */
export type Progress = (done: number, total: number, what: string) => void;
