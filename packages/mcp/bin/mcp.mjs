#!/usr/bin/env node
// `switchyard mcp` until the CLI wires it: node packages/mcp/bin/mcp.mjs [--http [--port N]] [--allow-production]
import { register } from 'tsx/esm/api';

register();
const { runMcp } = await import('../src/cli.ts');
const code = await runMcp(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
