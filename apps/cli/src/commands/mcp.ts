import type { Command } from 'commander';
import { runStdioMcp, type StdioCommandOptions } from './mcp/run-stdio';

/** `huntforge mcp --stdio`: the MCP tool server over stdio (the HTTP transport is served at /mcp by `huntforge start`). */
export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('run the Model Context Protocol tool server for a local MCP client')
    .option('--stdio', 'speak MCP over stdin/stdout (the only transport of this command)')
    .option('--url <base-url>', 'relay to the /mcp endpoint of a running Huntforge instead of opening the database')
    .option('--token <token>', 'API token (hf_…) to act as; or set HUNTFORGE_TOKEN')
    .option('--read-only', 'without a token: act as a viewer (read tools only) instead of an analyst')
    .action(async (options: StdioCommandOptions) => {
      process.exitCode = await runStdioMcp(options);
    });
}
