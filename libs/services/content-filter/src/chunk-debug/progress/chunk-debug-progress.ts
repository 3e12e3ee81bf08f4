import type { ChunkDebugProgressView } from '@huntforge/contracts/content-filter';
import type { ContentFilterPorts } from '../../ports';

export interface ChunkDebugProgressDeps {
  progress: Pick<ContentFilterPorts['progress'], 'get'>;
}

export interface ChunkDebugProgressCommand {
  articleId: number;
}

/** The progress view: idle is `{in_progress: false}`; the counter appears only while analyzing. */
export async function chunkDebugProgress(
  deps: ChunkDebugProgressDeps,
  command: ChunkDebugProgressCommand,
): Promise<ChunkDebugProgressView> {
  const row = await deps.progress.get(command.articleId);
  if (!row?.inProgress || !row.phase) return { in_progress: false };
  const phase = row.phase as 'filtering' | 'analyzing' | 'finalizing';
  if (phase === 'filtering') return { in_progress: true, phase };
  return {
    in_progress: true,
    phase,
    ...(phase === 'analyzing' ? { processed_chunks: row.processedChunks } : {}),
    total_chunks: row.totalChunks,
    article_total_chunks: row.articleTotalChunks,
    chunk_limit_applied: row.chunkLimitApplied,
  };
}
