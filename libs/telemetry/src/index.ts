// Telemetry readers: Windows events (EVTX read natively, evtx_dump JSON, event XML, Sysmon for Linux),
// Winlogbeat/ECS, AWS CloudTrail, Entra ID, Okta and JSON Lines, gzipped or not, as events the Sigma
// engine matches, each declaring the log source it comes from. Reads files and streams.
export {
  readTelemetry,
  readTelemetryBatches,
  readTelemetryFile,
  readTelemetryFileBatches,
  TelemetryInputError,
  type InputSummary,
  type TelemetryErrorCode,
} from './read/read-telemetry';
export { recognise } from './formats/recognize';
export { windowsEvent } from './formats/windows-event';
export { parseEventXml, EventXmlError } from './formats/event-xml';
export { eventJson } from './evtx/xml-json';
export { readEvtx, EvtxFileError } from './evtx/read-evtx';
export type { EvtxProblem } from './evtx/evtx-chunks';
export type { TelemetryEvent, EventFormat } from './telemetry-event';
