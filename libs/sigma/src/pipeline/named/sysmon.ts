import { logsourceIs, pipelineOf, registerPipelines } from './registry';

/** Generic Sigma log source categories as Sysmon event ids (pySigma-pipeline-sysmon). */
export const SYSMON_CATEGORY_EVENT_IDS: Record<string, number | number[]> = {
  process_creation: 1,
  file_change: 2,
  network_connection: 3,
  process_termination: 5,
  sysmon_status: [4, 16],
  driver_load: 6,
  image_load: 7,
  create_remote_thread: 8,
  raw_access_thread: 9,
  process_access: 10,
  file_event: 11,
  registry_add: 12,
  registry_delete: 12,
  registry_set: 13,
  registry_rename: 14,
  registry_event: [12, 13, 14],
  create_stream_hash: 15,
  pipe_created: [17, 18],
  wmi_event: [19, 20, 21],
  dns_query: 22,
  file_delete: 23,
  clipboard_capture: 24,
  process_tampering: 25,
  file_delete_detected: 26,
  file_block_executable: 27,
  file_block_shredding: 28,
  file_executable_detected: 29,
  sysmon_error: 255,
};

const PRODUCTS_BY_CATEGORY: Record<string, string[]> = {
  network_connection: ['windows', 'linux'],
  process_creation: ['windows', 'linux'],
  file_event: ['windows', 'linux'],
};

export const sysmonPipeline = () =>
  pipelineOf({
    name: 'Generic Log Sources to Sysmon Transformation',
    priority: 10,
    transformations: Object.entries(SYSMON_CATEGORY_EVENT_IDS).flatMap(([category, eventId]) =>
      (PRODUCTS_BY_CATEGORY[category] ?? ['windows']).flatMap((product) => [
        {
          id: `sysmon_${category}_eventid`,
          type: 'add_condition',
          conditions: { EventID: eventId },
          rule_conditions: logsourceIs({ category, product }),
        },
        {
          id: `sysmon_${category}_logsource`,
          type: 'change_logsource',
          product,
          service: 'sysmon',
          category,
          rule_conditions: logsourceIs({ category, product }),
        },
      ]),
    ),
  });

registerPipelines({ sysmon: sysmonPipeline });
