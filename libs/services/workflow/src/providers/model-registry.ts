import type { ModelCapabilities, ModelCatalogFile } from '@huntforge/contracts/workflow';
import {
  discoverCodex,
  findCapabilities,
  loadModelCapabilities,
  readModelCatalog,
  type CapabilitiesMap,
  type CodexDiscovery,
} from '@huntforge/llm';
import type { WorkflowServiceConfig } from '../service-config';

export interface CodexSnapshot {
  discovery: CodexDiscovery | null;
  /** Why discovery failed (executable missing, timeout, ...). */
  error: string | null;
}

/**
 * Where model knowledge comes from: the capabilities file (loaded once), the model catalog (runtime file
 * written by the catalog job, else the committed one) and codex's live discovery (cached briefly).
 */
export class ModelRegistry {
  private capabilitiesCache: CapabilitiesMap | undefined;
  private codexCache: { at: number; value: Promise<CodexSnapshot> } | undefined;

  constructor(private readonly config: WorkflowServiceConfig) {}

  capabilities(): CapabilitiesMap {
    this.capabilitiesCache ??= loadModelCapabilities(this.config.capabilitiesFile);
    return this.capabilitiesCache;
  }

  catalog(): ModelCatalogFile {
    return readModelCatalog(this.config.runtimeCatalogFile, this.config.committedCatalogFile);
  }

  codex(): Promise<CodexSnapshot> {
    const now = Date.now();
    if (!this.codexCache || now - this.codexCache.at > this.config.discoveryCacheMs) {
      const value = discoverCodex({ codexPath: this.config.codexPath, timeoutMs: this.config.discoveryTimeoutMs })
        .then((discovery) => ({ discovery, error: null }))
        .catch((error: unknown) => ({ discovery: null, error: error instanceof Error ? error.message : 'codex discovery failed' }));
      this.codexCache = { at: now, value };
    }
    return this.codexCache.value;
  }

  /** Forgets cached live answers (settings changed). */
  invalidate(): void {
    this.codexCache = undefined;
  }

  /** Codex capabilities come from its live model list; everything else from the capabilities file. */
  async capabilitiesOf(provider: string, model: string): Promise<ModelCapabilities | undefined> {
    if (provider === 'codex') {
      const live = (await this.codex()).discovery?.models.find((entry) => entry.id === model);
      if (live)
        return codexCapabilities(
          live.efforts.map((effort) => effort.level),
          live.defaultEffort,
        );
    }
    return findCapabilities(this.capabilities(), model);
  }
}

export function codexCapabilities(efforts: string[], defaultEffort: string | null): ModelCapabilities {
  return {
    supports_temperature: false,
    supports_top_p: false,
    effort_levels: efforts,
    default_effort: defaultEffort,
    source: 'codex_live',
  };
}
