import {
  CATEGORY_VARIANTS,
  LINUX_SYSMON_CHANNEL,
  POWERSHELL_CATEGORIES,
  SYSMON_CATEGORIES,
  SYSMON_CHANNEL,
  WINDOWS_SERVICES,
  type CategoryVariant,
} from './logsource-taxonomy';

/**
 * Where an event comes from, as its reader knows it: a Windows channel and event id, a Sysmon for
 * Linux record, a CloudTrail record, an Okta System Log entry... The matching engine maps it onto the
 * rules' `logsource` (product, category, service) as the Sigma taxonomy does.
 */
export interface EventSource {
  /** Sigma product: windows, linux, macos, aws, azure, okta, gcp, m365... */
  product: string;
  /** Sigma service the log is, when the format says so directly (cloudtrail, okta, signinlogs...). */
  service?: string;
  /** Sigma category, when the format says so directly. */
  category?: string;
  /** Windows (or Sysmon for Linux) channel. */
  channel?: string;
  eventId?: number;
  provider?: string;
}

/** An event source resolved against the taxonomy: the logsource values a rule may ask for. */
export interface SourceView {
  key: string;
  product: string;
  categories: ReadonlySet<string>;
  services: ReadonlySet<string>;
  /** The log writes a generic category under its own field names (Security 4688 for process creation). */
  variant: CategoryVariant | null;
}

const views = new Map<string, SourceView>();

/** The key that tells sources apart for gating (events of one key run the same rules). */
export function sourceKey(source: EventSource): string {
  return [source.product, source.service, source.category, source.channel, source.eventId, source.provider]
    .map((part) => (part === undefined ? '' : String(part).toLowerCase()))
    .join('|');
}

/** Resolves a source against the taxonomy (memoised: a log has few distinct sources). */
export function resolveSource(source: EventSource): SourceView {
  const key = sourceKey(source);
  let view = views.get(key);
  if (!view) {
    view = buildView(source, key);
    if (views.size > 10_000) views.clear();
    views.set(key, view);
  }
  return view;
}

function buildView(source: EventSource, key: string): SourceView {
  const product = source.product.toLowerCase();
  const categories = new Set<string>();
  const services = new Set<string>();
  if (source.service) services.add(source.service.toLowerCase());
  if (source.category) categories.add(source.category.toLowerCase());
  const channel = source.channel?.toLowerCase();
  const eventId = source.eventId;
  let variant: CategoryVariant | null = null;
  if (channel) {
    (WINDOWS_SERVICES[channel] ?? []).forEach((service) => services.add(service));
    const sysmon = channel === SYSMON_CHANNEL.toLowerCase() || channel === LINUX_SYSMON_CHANNEL.toLowerCase();
    if (sysmon) services.add('sysmon');
    if (eventId !== undefined) {
      if (sysmon) (SYSMON_CATEGORIES[eventId] ?? []).forEach((category) => categories.add(category));
      for (const entry of POWERSHELL_CATEGORIES)
        if (entry.eventId === eventId && entry.channels.includes(channel)) categories.add(entry.category);
      variant = CATEGORY_VARIANTS.find((candidate) => candidate.channel === channel && candidate.eventIds.includes(eventId)) ?? null;
      variant?.categories.forEach((category) => categories.add(category));
    }
  }
  return { key, product, categories, services, variant };
}
