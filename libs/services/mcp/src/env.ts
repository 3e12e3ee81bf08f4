import { mcpEnvSchema } from './config';

/** Every variable the mcp service reads, checked at start-up before migrations. */
export const MCP_ENV = [mcpEnvSchema] as const;
