import type { EventSource, SigmaEvent } from '@huntforge/sigma';
import { isRecord, isoTime, stringOf, type TelemetryEvent } from '../telemetry-event';

function numberOf(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(number) ? number : undefined;
}

function path(record: Record<string, unknown>, dotted: string): unknown {
  let node: unknown = record;
  for (const part of dotted.split('.')) {
    if (!isRecord(node)) return undefined;
    node = part in node ? node[part] : undefined;
  }
  return node;
}

/**
 * Winlogbeat (a Windows event under `winlog`) and other Elastic Common Schema documents. A
 * Winlogbeat event also offers the rules' Windows names (EventData at the top level, EventID, Channel,
 * Provider_Name, Computer); the ECS fields (`process.command_line`...) stay as written for rules
 * converted with an ECS pipeline.
 */
export function elasticEvent(record: Record<string, unknown>): TelemetryEvent | null {
  const winlog = record['winlog'];
  const time = isoTime(record['@timestamp']);
  if (isRecord(winlog) && (winlog['channel'] !== undefined || winlog['event_id'] !== undefined)) {
    const fields: SigmaEvent = { ...record };
    for (const data of [winlog['event_data'], winlog['user_data']]) {
      if (isRecord(data)) for (const [key, value] of Object.entries(data)) if (!(key in fields)) fields[key] = value;
    }
    const channel = stringOf(winlog['channel']);
    const eventId = numberOf(winlog['event_id'] ?? path(record, 'event.code'));
    const provider = stringOf(winlog['provider_name']);
    const computer = stringOf(winlog['computer_name']) ?? stringOf(path(record, 'host.name'));
    const extra: Record<string, unknown> = { EventID: eventId, Channel: channel, Provider_Name: provider, Computer: computer };
    for (const [key, value] of Object.entries(extra)) if (value !== undefined && value !== null && !(key in fields)) fields[key] = value;
    const product = channel && /^linux-sysmon\//i.test(channel) ? 'linux' : 'windows';
    const source: EventSource = {
      product,
      ...(channel ? { channel } : {}),
      ...(eventId !== undefined ? { eventId } : {}),
      ...(provider ? { provider } : {}),
    };
    return { fields, source, format: 'winlogbeat', time, computer };
  }
  const ecsVersion = path(record, 'ecs.version');
  const category = path(record, 'event.category');
  if (ecsVersion === undefined && category === undefined) return null;
  const os = stringOf(path(record, 'host.os.type')) ?? stringOf(path(record, 'host.os.platform'));
  const product = os && ['windows', 'linux', 'macos'].includes(os.toLowerCase()) ? os.toLowerCase() : null;
  const sigmaCategory = ecsCategory(category, path(record, 'event.type'));
  const source: EventSource | null = product ? { product, ...(sigmaCategory ? { category: sigmaCategory } : {}) } : null;
  return { fields: record, source, format: 'ecs', time, computer: stringOf(path(record, 'host.name')) };
}

/** The Sigma category of an ECS event (event.category with event.type). */
function ecsCategory(category: unknown, type: unknown): string | null {
  const categories = (Array.isArray(category) ? category : [category]).map(String);
  const types = (Array.isArray(type) ? type : [type]).map(String);
  if (categories.includes('process') && types.includes('start')) return 'process_creation';
  if (categories.includes('network') && categories.includes('dns')) return 'dns_query';
  if (categories.includes('network')) return 'network_connection';
  if (categories.includes('file') && types.includes('creation')) return 'file_event';
  if (categories.includes('file') && types.includes('deletion')) return 'file_delete';
  if (categories.includes('registry')) return 'registry_event';
  if (categories.includes('library') || categories.includes('driver')) return categories.includes('driver') ? 'driver_load' : 'image_load';
  return null;
}
