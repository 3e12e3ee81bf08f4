/** A message the bus gave up on, with why. */
export interface DeadLetter {
  queue: string;
  reason: string;
  /** Deliveries made, the last included (1 for a malformed message: it is never retried). */
  attempts: number;
  deadLetteredAt: string;
  /** The message exactly as received: a malformed one is kept verbatim for inspection. */
  body: string;
}
