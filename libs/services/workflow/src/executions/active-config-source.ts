/** The config a new execution snapshots, and the auto-trigger threshold of the active config. */
export interface ActiveConfigSource {
  active(): Promise<{ version: number | null; snapshot: unknown; autoTriggerThreshold: number }>;
}
