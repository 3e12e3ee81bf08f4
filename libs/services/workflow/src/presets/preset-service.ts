import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  PRESET_FORMAT,
  PROMPT_AGENT_NAMES,
  WORKFLOW_ERROR_CODES,
  presetFileSchema,
  type PresetFile,
  type PresetSummary,
  type WorkflowSettings,
} from '@huntforge/contracts/workflow';
import { HttpError, validationDetails } from '@huntforge/platform';
import type { ConfigChangeResult, WorkflowConfigService } from '../config/config-service';
import { assertProvidersAvailable, type ProviderAvailability } from '../config/provider-availability';
import { normalisePrompts } from '../prompts/prompt-input';
import type { PresetRecord } from '../records';
import type { PresetRepository } from '../repositories/preset-repository';

function summary(row: PresetRecord): PresetSummary {
  return { name: row.name, description: row.description, is_quickstart: row.isQuickstart, updated_at: row.updatedAt.toISOString() };
}

function parseFile(raw: unknown, where: string): PresetFile {
  const parsed = presetFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new HttpError(
      400,
      'validation_error',
      'Invalid preset file',
      validationDetails(parsed.error).map((issue) => ({ ...issue, path: `${where}.${issue.path}` })),
    );
  return parsed.data;
}

/**
 * Presets: named snapshots of thresholds, per-agent settings and (optionally) prompts. They never carry
 * the auto-trigger threshold: export leaves it out and import ignores it.
 */
export class PresetService {
  constructor(
    private readonly repo: Pick<PresetRepository, 'list' | 'find' | 'save' | 'remove'>,
    private readonly config: WorkflowConfigService,
    private readonly fixturesDir: string,
    /** Whether the providers a preset needs can be used now; without it presets are applied unchecked. */
    private readonly availability?: ProviderAvailability,
  ) {}

  /** Loads fixtures/presets/*.json as read-only quickstart presets (refreshed on every start). */
  async seedQuickstarts(): Promise<string[]> {
    const dir = join(this.fixturesDir, 'presets');
    const names: string[] = [];
    for (const file of readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const preset = parseFile(JSON.parse(readFileSync(join(dir, file), 'utf8')), file);
      const name = preset.name ?? `quickstart-${basename(file, '.json')}`;
      await this.repo.save(name, preset.description ?? null, { ...preset, name }, true);
      names.push(name);
    }
    return names;
  }

  async list(): Promise<PresetSummary[]> {
    return (await this.repo.list()).map(summary);
  }

  /** The active config (and prompts unless left out) as a preset file. */
  async exportActive(name: string, description: string | null, includePrompts = true): Promise<PresetFile> {
    const active = await this.config.active();
    const file: PresetFile = {
      format: PRESET_FORMAT,
      name,
      description,
      thresholds: active.settings.thresholds,
      agents: active.settings.agents,
    };
    if (includePrompts) {
      const prompts = await this.config.prompts.current();
      file.agent_prompts = Object.fromEntries(
        PROMPT_AGENT_NAMES.flatMap((agent) => {
          const stored = prompts.get(agent);
          return stored ? [[agent, stored.prompt]] : [];
        }),
      );
    }
    return file;
  }

  async export(name?: string): Promise<PresetFile> {
    if (!name) return this.exportActive('active-config', 'The active workflow configuration');
    const row = await this.find(name);
    const { auto_trigger_hunt_score_threshold: _ignored, ...file } = parseFile(row.config, 'preset');
    return { ...file, format: PRESET_FORMAT, name: row.name, description: row.description };
  }

  async save(name: string, description: string | null, includePrompts: boolean, overwrite = false): Promise<PresetSummary> {
    await this.assertSavable(name, overwrite);
    return summary(await this.repo.save(name, description, await this.exportActive(name, description, includePrompts)));
  }

  /** A quickstart is never replaced; another saved preset only when the caller said so. */
  private async assertSavable(name: string, overwrite: boolean): Promise<void> {
    const existing = await this.repo.find(name);
    if (!existing) return;
    if (existing.isQuickstart)
      throw new HttpError(
        409,
        WORKFLOW_ERROR_CODES.presetReadOnly,
        `${name} is a quickstart preset and cannot be overwritten; choose another name`,
        { name },
      );
    if (!overwrite)
      throw new HttpError(
        409,
        WORKFLOW_ERROR_CODES.presetExists,
        `A preset named ${name} exists; pass overwrite=true to replace it, or choose another name`,
        { name },
      );
  }

  /** Applies a preset file as a new config version under the PUT rules; the auto-trigger threshold is left alone. */
  async applyFile(
    file: PresetFile,
    options: { allowPromptWarnings: boolean; allowUnavailableProviders?: boolean; actor: string | null; label: string },
  ): Promise<ConfigChangeResult> {
    // Only the agents the preset sets: a preset of thresholds alone is not refused for what it leaves as it was.
    const touched = Object.keys(file.agents ?? {});
    const checkAfter = async (after: WorkflowSettings) =>
      assertProvidersAvailable(
        Object.fromEntries(Object.entries(after.agents).filter(([agent]) => touched.includes(agent))),
        this.availability,
        options.allowUnavailableProviders ?? false,
      );
    return this.config.apply({
      checkAfter,
      thresholds: file.thresholds,
      agents: file.agents,
      prompts: file.agent_prompts ? normalisePrompts(file.agent_prompts, PROMPT_AGENT_NAMES, 'body.preset.agent_prompts') : undefined,
      description: `Preset: ${options.label}`,
      allowPromptWarnings: options.allowPromptWarnings,
      enforceRules: true,
      actor: options.actor,
    });
  }

  async importFile(
    raw: PresetFile,
    options: {
      saveAs?: string;
      overwrite?: boolean;
      allowPromptWarnings: boolean;
      allowUnavailableProviders?: boolean;
      actor: string | null;
    },
  ): Promise<ConfigChangeResult> {
    const { auto_trigger_hunt_score_threshold: _ignored, ...file } = raw;
    // Refused names are refused before anything is applied, so a 409 leaves the active config as it was.
    if (options.saveAs) await this.assertSavable(options.saveAs, options.overwrite ?? false);
    const result = await this.applyFile(file, {
      allowPromptWarnings: options.allowPromptWarnings,
      allowUnavailableProviders: options.allowUnavailableProviders,
      actor: options.actor,
      label: file.name ?? 'imported file',
    });
    if (options.saveAs)
      await this.repo.save(options.saveAs, file.description ?? null, { ...file, format: PRESET_FORMAT, name: options.saveAs });
    return result;
  }

  async applyNamed(
    name: string,
    options: { allowPromptWarnings: boolean; allowUnavailableProviders?: boolean; actor: string | null },
  ): Promise<ConfigChangeResult> {
    const row = await this.find(name);
    return this.applyFile(parseFile(row.config, 'preset'), { ...options, label: name });
  }

  async remove(name: string): Promise<void> {
    const row = await this.find(name);
    if (row.isQuickstart)
      throw new HttpError(409, WORKFLOW_ERROR_CODES.presetReadOnly, `${name} is a quickstart preset and cannot be deleted`, { name });
    await this.repo.remove(name);
  }

  private async find(name: string): Promise<PresetRecord> {
    const row = await this.repo.find(name);
    if (!row) throw new HttpError(404, WORKFLOW_ERROR_CODES.presetNotFound, `No preset named ${name}`, { name });
    return row;
  }
}
