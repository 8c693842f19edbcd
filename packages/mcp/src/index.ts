export { createSwitchyardMcpServer, type SwitchyardMcpOptions } from './mcp-server.ts';
export { serveHttp, serveStdio, type HttpMcp } from './transports.ts';
export { explainFlag, strategyWords, type FlagDetail } from './explain.ts';
export { runMcp } from './cli.ts';
