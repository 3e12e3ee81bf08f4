import type { McpConfirmation } from '@huntforge/contracts/mcp';
import type { McpPorts } from '../ports';
import { existingConfirmation } from './confirmation-parts';
import { toConfirmationView } from './confirmation-view';

export interface GetConfirmationDeps extends Pick<McpPorts, 'now'> {
  confirmations: Pick<McpPorts['confirmations'], 'expireDue' | 'find'>;
}

export interface GetConfirmationCommand {
  id: string;
}

/** GET /api/mcp/confirmations/{id}: one request (expired first when it is due). */
export async function getConfirmation(deps: GetConfirmationDeps, command: GetConfirmationCommand): Promise<McpConfirmation> {
  await deps.confirmations.expireDue(deps.now());
  return toConfirmationView(await existingConfirmation(deps, command.id));
}
