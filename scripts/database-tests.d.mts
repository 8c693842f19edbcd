/** Test files (absolute paths) that touch a database. */
export function databaseTestFiles(): string[];
/** The line a test file that runs on PostgreSQL in both passes carries. */
export const ALWAYS_POSTGRES: string;
/** The line a helper that opens only the embedded database in both passes carries. */
export const EMBEDDED_ONLY: string;
