import { JUNK_FILTER_THRESHOLD_DEFAULT } from '@huntforge/contracts/content-filter';
import type { SettingsReader } from '@huntforge/data';

/**
 * The JunkFilterThreshold to use when a caller gives none: the JUNK_FILTER_THRESHOLD setting (stored value
 * wins over the environment) when it is a number in [0, 1], else 0.8. The workflow passes its config's
 * value explicitly in its requests.
 */
export async function defaultThreshold(settings: SettingsReader): Promise<number> {
  const raw = await settings.get('JUNK_FILTER_THRESHOLD');
  const value = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : JUNK_FILTER_THRESHOLD_DEFAULT;
}
