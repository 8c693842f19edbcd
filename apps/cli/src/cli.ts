/** The process entry: `switchyard ...` from bin/switchyard.mjs, through the sources or the bundle. */
import { processIo } from './io.ts';
import { run } from './main.ts';

process.exitCode = await run(process.argv.slice(2), processIo());
