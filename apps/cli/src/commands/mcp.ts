import type { Command } from 'commander';

/** `huntforge mcp --stdio`: the MCP tool server over stdio. */
export function registerMcpCommand(program: Command): void {
  void program;
}
