import type { McpErrorCode } from '@huntforge/contracts/mcp';

/** A tool's answer to a caller's mistake or a refused action; becomes the tool's error result. */
export class ToolError extends Error {
  constructor(
    readonly code: McpErrorCode | 'internal_error',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}
