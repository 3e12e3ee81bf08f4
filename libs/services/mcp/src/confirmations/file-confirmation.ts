import type { McpConfirmation, McpHighRiskTool } from '@huntforge/contracts/mcp';
import type { Caller } from '../caller/caller';
import type { McpPorts } from '../ports';
import { toConfirmationView } from './confirmation-view';
import { checkFiling, type FilingCheckDeps } from './filing-checks';

export interface FileConfirmationDeps extends FilingCheckDeps, Pick<McpPorts, 'confirmationTtlMs' | 'now'> {
  confirmations: Pick<McpPorts['confirmations'], 'create'>;
}

export interface FileConfirmationCommand {
  tool: McpHighRiskTool;
  /** The tool call's arguments, stored and run as they are once a person confirms. */
  args: unknown;
  caller: Caller;
}

/**
 * A high-risk tool call only files a request; a person decides it through the HTTP API, and only a
 * confirmation runs the stored action. What the arguments name is checked now, so nobody confirms a dud.
 */
export async function fileConfirmation(deps: FileConfirmationDeps, command: FileConfirmationCommand): Promise<McpConfirmation> {
  const { tool, args, caller } = command;
  await checkFiling(tool, args, deps);
  const created = deps.now();
  const row = await deps.confirmations.create({
    tool,
    arguments: args,
    requestedBy: caller.actor,
    createdAt: created,
    expiresAt: new Date(created.getTime() + deps.confirmationTtlMs),
  });
  return toConfirmationView(row);
}
