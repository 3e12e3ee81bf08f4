import type { SigmaQueueItemBody } from '@huntforge/contracts/sigma';
import { loadItem, type LoadItemDeps } from '../queue-items';
import { toQueueItemBody } from '../views';

export type GetItemDeps = LoadItemDeps;

export interface GetItemCommand {
  queueId: number;
}

/** GET /api/sigma-queue/{id}: one queued rule. */
export async function getItem(deps: GetItemDeps, command: GetItemCommand): Promise<SigmaQueueItemBody> {
  return toQueueItemBody(await loadItem(deps, command.queueId));
}
