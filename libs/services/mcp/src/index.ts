export { createMcpModule, type McpModuleOptions } from './module';
export { loadMcpConfig, type McpConfig } from './config';
export { MCP_ENV } from './env';
export { startStdioServer, type StdioServerOptions, type StdioServerHandle } from './stdio/stdio-server';
export { startStdioProxy, type StdioProxyOptions } from './stdio/stdio-proxy';
export { hashToken, type Caller } from './caller/caller';
export { checkStatement, loadSqlParser } from './sql/statement-checker';
