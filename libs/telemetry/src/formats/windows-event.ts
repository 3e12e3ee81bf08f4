import type { EventSource, SigmaEvent } from '@huntforge/sigma';
import { isRecord, stringOf, type TelemetryEvent } from '../telemetry-event';

const LINUX_CHANNEL = /^linux-sysmon\//i;

/** evtx_dump writes an element with attributes as {"#attributes": {...}, "#text": value}. */
export function scalar(value: unknown): unknown {
  if (isRecord(value) && '#text' in value) return value['#text'];
  if (isRecord(value) && '#attributes' in value && Object.keys(value).length === 1) return null;
  return value;
}

function attribute(value: unknown, name: string): unknown {
  return isRecord(value) && isRecord(value['#attributes']) ? value['#attributes'][name] : undefined;
}

function numberOf(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(number) ? number : undefined;
}

/**
 * A Windows event as evtx_dump, Chainsaw and Hayabusa read it (`{"Event": {"System": …,
 * "EventData": …}}`, also the XML of Sysmon for Linux turned into the same shape), as the fields
 * Sigma rules name: EventData (or the fields of UserData's element) at the top level, names with
 * spaces also without them (Defender's `Threat Name` is the rules' `ThreatName`), and EventID,
 * Channel, Provider_Name, Computer and the other System values beside them. The event as written
 * stays under `Event` for rules (or pipelines) that name `Event.EventData.X`.
 */
export function windowsEvent(record: Record<string, unknown>): TelemetryEvent | null {
  const event = record['Event'];
  if (!isRecord(event) || !isRecord(event['System'])) return null;
  const system = event['System'];
  const fields: SigmaEvent = {};
  addData(fields, event['EventData']);
  const userData = event['UserData'];
  if (isRecord(userData)) for (const [key, child] of Object.entries(userData)) if (!key.startsWith('#')) addData(fields, child);

  const eventId = numberOf(scalar(system['EventID']));
  const channel = stringOf(scalar(system['Channel']));
  const provider = stringOf(attribute(system['Provider'], 'Name'));
  const computer = stringOf(scalar(system['Computer']));
  const time = stringOf(attribute(system['TimeCreated'], 'SystemTime'));
  const systemFields: Record<string, unknown> = {
    EventID: eventId ?? scalar(system['EventID']),
    Channel: channel,
    Provider_Name: provider,
    Provider_Guid: attribute(system['Provider'], 'Guid'),
    Computer: computer,
    Level: scalar(system['Level']),
    Task: scalar(system['Task']),
    Opcode: scalar(system['Opcode']),
    Keywords: scalar(system['Keywords']),
    Version: scalar(system['Version']),
    EventRecordID: scalar(system['EventRecordID']),
    TimeCreated: time,
  };
  for (const [key, value] of Object.entries(systemFields))
    if (value !== undefined && value !== null && !(key in fields)) fields[key] = value;
  fields['Event'] = event;

  const product = channel && LINUX_CHANNEL.test(channel) ? 'linux' : 'windows';
  const source: EventSource = {
    product,
    ...(channel ? { channel } : {}),
    ...(eventId !== undefined ? { eventId } : {}),
    ...(provider ? { provider } : {}),
  };
  return { fields, source, format: 'windows', time, computer };
}

/** EventData's named values; unnamed `Data` values stay a list under `Data`. */
function addData(fields: SigmaEvent, data: unknown): void {
  if (!isRecord(data)) return;
  for (const [key, raw] of Object.entries(data)) {
    if (key.startsWith('#')) continue;
    const value = isRecord(raw) && '#text' in raw ? raw['#text'] : raw;
    if (key in fields) continue;
    fields[key] = value;
    if (key.includes(' ')) {
      const joined = key.replace(/ /g, '');
      if (!(joined in data) && !(joined in fields)) fields[joined] = value;
    }
  }
}

/**
 * A flat Windows event (EventData at the top level, as Chainsaw's or Sigma's test data writes it):
 * its source is known when it names its Channel.
 */
export function flatWindowsSource(record: Record<string, unknown>): EventSource | null {
  const channel = stringOf(record['Channel']);
  if (!channel) return null;
  const eventId = numberOf(record['EventID']);
  const provider = stringOf(record['Provider_Name']);
  const product = LINUX_CHANNEL.test(channel) ? 'linux' : 'windows';
  return { product, channel, ...(eventId !== undefined ? { eventId } : {}), ...(provider ? { provider } : {}) };
}
