import { cloudTrailEvent, entraEvent, oktaEvent } from './cloud-event';
import { elasticEvent } from './elastic-event';
import { flatWindowsSource, windowsEvent } from './windows-event';
import { isoTime, stringOf, type TelemetryEvent } from '../telemetry-event';

/**
 * One JSON record as an event: a Windows event as evtx_dump writes it, Winlogbeat or ECS, a
 * CloudTrail record, an Okta System Log event, an Entra ID sign-in or audit record, and otherwise
 * the record as it is (a flat Windows event that names its Channel still declares its source).
 */
export function recognise(record: Record<string, unknown>): TelemetryEvent {
  return (
    windowsEvent(record) ?? elasticEvent(record) ?? cloudTrailEvent(record) ?? oktaEvent(record) ?? entraEvent(record) ?? flatEvent(record)
  );
}

/** Any other record as it is; a flat Windows event (it names its Channel) declares its source and offers names with spaces also without them. */
function flatEvent(record: Record<string, unknown>): TelemetryEvent {
  const source = flatWindowsSource(record);
  let fields = record;
  if (source) {
    for (const key of Object.keys(record)) {
      const joined = key.replace(/ /g, '');
      if (joined !== key && !(joined in record)) fields = { ...fields, [joined]: record[key] };
    }
  }
  return {
    fields,
    source,
    format: 'json',
    time: isoTime(record['@timestamp'] ?? record['timestamp'] ?? record['time'] ?? record['UtcTime'] ?? record['TimeCreated']),
    computer: stringOf(record['Computer'] ?? record['host'] ?? record['hostname']),
  };
}
