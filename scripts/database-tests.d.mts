/** Test files (absolute paths) that touch a database. */
export function databaseTestFiles(): string[];
