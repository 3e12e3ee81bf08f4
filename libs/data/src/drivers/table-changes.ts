/**
 * Tables whose readers keep what they read in memory while nothing has written to the table since: the active
 * workflow config and its prompts (read by every trigger) and the review queue (compared with by every run).
 */
export const WATCHED_TABLES = ['workflow_config_versions', 'agent_prompts', 'agent_prompt_versions', 'sigma_queue_items'] as const;

export type WatchedTable = (typeof WATCHED_TABLES)[number];

const MENTIONED = new RegExp(`\\b(${WATCHED_TABLES.join('|')})\\b`, 'gi');
// Anything that may change rows or the table itself; a SELECT ... FOR UPDATE counts too (harmless: one more read).
const WRITES = /\b(?:INSERT|UPDATE|DELETE|TRUNCATE|MERGE|COPY|ALTER|DROP|CREATE)\b/i;
// A transaction ended by hand (a script's BEGIN ... ROLLBACK) takes back writes already counted: every counter moves.
const ROLLS_BACK = /\b(?:ROLLBACK|ABORT)\b/i;

/**
 * Write counters per watched table, kept by the embedded database's driver from the statements it sends. PGlite
 * serves one process (its data directory is locked), so every write to it passes through here and a counter that
 * has not moved means the table has not changed: a reader's cache is checked without asking the database. On
 * PostgreSQL other processes write too, so there is no such counter (`tableChangesOf` is null) and readers ask
 * the database.
 *
 * A counter moves when a writing statement is sent and again when its transaction ends (commit or rollback) and
 * when its answer arrives, so a reader that takes the counter, reads, and keeps what it read under the counter it
 * took never keeps a value older than a write that moved the counter after it.
 */
export class TableChanges {
  private readonly counters = new Map<WatchedTable, number>(WATCHED_TABLES.map((table) => [table, 0]));
  /** Watched tables written in each open transaction: their counters move again when it ends. */
  private readonly writtenIn = new Map<number, Set<WatchedTable>>();

  /** The counter of one table. */
  generation(table: WatchedTable): number {
    return this.counters.get(table) ?? 0;
  }

  /** A stamp of several tables' counters (equal stamps: none of them written in between). */
  stamp(tables: readonly WatchedTable[]): string {
    return tables.map((table) => this.generation(table)).join('.');
  }

  /** Called with every statement (or script) before it is sent; returns the tables it may write. */
  noteStatement(sql: string, txId?: number): readonly WatchedTable[] {
    if (ROLLS_BACK.test(sql)) this.bump(WATCHED_TABLES);
    const mentioned = sql.match(MENTIONED);
    if (!mentioned || !WRITES.test(sql)) return [];
    const tables = [...new Set(mentioned.map((name) => name.toLowerCase() as WatchedTable))];
    this.bump(tables);
    if (txId !== undefined) {
      const written = this.writtenIn.get(txId) ?? new Set<WatchedTable>();
      for (const table of tables) written.add(table);
      this.writtenIn.set(txId, written);
    }
    return tables;
  }

  /** Called when a statement that may have written these tables has been answered (or failed). */
  noteAnswered(tables: readonly WatchedTable[]): void {
    this.bump(tables);
  }

  /** Called when a transaction ends, however it ends. */
  noteTransactionEnd(txId: number): void {
    const written = this.writtenIn.get(txId);
    if (!written) return;
    this.writtenIn.delete(txId);
    this.bump([...written]);
  }

  private bump(tables: readonly WatchedTable[]): void {
    for (const table of tables) this.counters.set(table, this.generation(table) + 1);
  }
}
