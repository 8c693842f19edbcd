#!/usr/bin/env node
// `switchyard remove-flag` until the CLI wires it: node packages/code-refs/bin/remove-flag.mjs NAME --keep on|off [--write] [DIR]
import { register } from 'tsx/esm/api';

register();
const { runRemoveFlag } = await import('../src/cli.ts');
process.exitCode = await runRemoveFlag(process.argv.slice(2));
