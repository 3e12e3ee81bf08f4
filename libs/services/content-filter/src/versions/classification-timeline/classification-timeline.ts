import type { ContentFilterPorts } from '../../ports';
import { round4 } from '../round4';

/** Stored chunk analyses per model version: how the classification breakdown moved across versions. */
export interface ClassificationTimelineDeps {
  analyses: Pick<ContentFilterPorts['analyses'], 'timeline'>;
  versions: Pick<ContentFilterPorts['versions'], 'list'>;
}

export async function classificationTimeline(deps: ClassificationTimelineDeps) {
  const [rows, versions] = await Promise.all([deps.analyses.timeline(), deps.versions.list({ take: 1000 })]);
  const byVersion = new Map(rows.map((row) => [row.modelVersion, row]));
  const timeline = [...versions]
    .sort((a, b) => a.version - b.version)
    .map((version) => {
      const row = byVersion.get(version.version);
      const total = row?.total ?? 0;
      const huntable = row?.huntable ?? 0;
      return {
        version: version.version,
        created_at: version.createdAt.toISOString(),
        is_current: version.isCurrent,
        total,
        huntable,
        not_huntable: total - huntable,
        kept: row?.kept ?? 0,
        huntable_ratio: total === 0 ? 0 : round4(huntable / total),
      };
    });
  return { success: true as const, timeline };
}
