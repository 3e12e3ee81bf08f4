import { sigmaQueueRoutes } from '@huntforge/contracts/api';

/** What a change to a queue item invalidates: the list (its counts) and the item. */
export const queueRoutes = [sigmaQueueRoutes.getSigmaQueueList, sigmaQueueRoutes.getSigmaQueueItem];
