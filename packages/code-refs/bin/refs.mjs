#!/usr/bin/env node
// `switchyard refs` until the CLI wires it: node packages/code-refs/bin/refs.mjs [DIR] [--json] [--upload --url U --token T --project P]
import { register } from 'tsx/esm/api';

register();
const { runRefs } = await import('../src/cli.ts');
process.exitCode = await runRefs(process.argv.slice(2));
