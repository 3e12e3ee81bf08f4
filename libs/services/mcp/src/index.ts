export { createMcpModule, type McpModuleOptions } from './module';
export { loadMcpConfig, type McpConfig } from './config';
export { startStdioServer, type StdioServerOptions, type StdioServerHandle } from './stdio/stdio-server';
export { startStdioProxy, type StdioProxyOptions } from './stdio/stdio-proxy';
export { hashToken, type Caller } from './caller/caller';
export { checkStatement, type StatementCheck } from './sql/statement-checker';
export { READ_ONLY_TABLES, READ_ONLY_ROLE } from './sql/table-allowlist';
export { TOOL_CATALOG, toolsFor } from './tools/catalog';
