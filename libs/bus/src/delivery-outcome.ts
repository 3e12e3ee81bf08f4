/** What became of one delivery; its own file so the metrics port and the delivery policy can both name it. */
export type DeliveryOutcome =
  | { kind: 'ack' }
  | { kind: 'retry'; nextAttempt: number; delayMs: number; reason: string }
  | { kind: 'dead-letter'; reason: string; attempts: number };
