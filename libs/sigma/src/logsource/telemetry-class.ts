/** A logsource as written in a rule. */
export interface Logsource {
  category?: string;
  product?: string;
  service?: string;
}

const CATEGORY_CLASSES: Record<string, string> = {
  process_creation: 'process_creation',
  file_event: 'file_event',
  file_change: 'file_event',
  file_rename: 'file_event',
  file_delete: 'file_event',
  file_access: 'file_event',
  file_block_executable: 'file_event',
  file_executable_detected: 'file_event',
  create_stream_hash: 'file_event',
  registry_event: 'registry',
  registry_set: 'registry',
  registry_add: 'registry',
  registry_delete: 'registry',
  registry_rename: 'registry',
  network_connection: 'network_connection',
  dns_query: 'dns',
  dns: 'dns',
  image_load: 'image_load',
  driver_load: 'driver_load',
  ps_script: 'powershell',
  ps_module: 'powershell',
  ps_classic_start: 'powershell',
  ps_classic_provider_start: 'powershell',
  process_access: 'process_access',
  create_remote_thread: 'process_access',
  raw_access_thread: 'process_access',
  process_tampering: 'process_access',
  pipe_created: 'pipe_created',
  wmi_event: 'wmi_event',
  webserver: 'webserver',
  proxy: 'proxy',
  firewall: 'firewall',
  antivirus: 'antivirus',
  database: 'application',
  application: 'application',
};

const SERVICE_CLASSES: Record<string, string> = {
  security: 'windows_security',
  system: 'windows_system',
  powershell: 'powershell',
  'powershell-classic': 'powershell',
  'dns-client': 'dns',
  'dns-server': 'dns',
  wmi: 'wmi_event',
  windefend: 'antivirus',
  sysmon: 'windows_system',
  auditd: 'linux_auditd',
  apache: 'webserver',
  nginx: 'webserver',
};

const PRODUCT_CLASSES: Record<string, string> = {
  aws: 'cloud_aws',
  azure: 'cloud_azure',
  gcp: 'cloud_gcp',
  m365: 'cloud_m365',
  okta: 'saas_audit',
  github: 'saas_audit',
  bitbucket: 'saas_audit',
  onelogin: 'saas_audit',
  kubernetes: 'kubernetes',
  zeek: 'network_zeek',
  cisco: 'network_device',
  juniper: 'network_device',
  huawei: 'network_device',
  fortigate: 'network_device',
  fortios: 'network_device',
  paloalto: 'network_device',
};

/** The telemetry classes rules are grouped by; only rules of one class are compared. */
export const TELEMETRY_CLASSES: readonly string[] = [
  ...new Set([
    ...Object.values(CATEGORY_CLASSES),
    ...Object.values(SERVICE_CLASSES),
    ...Object.values(PRODUCT_CLASSES),
    'windows_eventlog',
    'linux_log',
    'macos_log',
    'other',
  ]),
];

/**
 * Maps a logsource to its canonical telemetry class: category first (what is observed), then the
 * service, then the product family; `other` when nothing is known.
 */
export function telemetryClass(logsource: Logsource): string {
  const category = logsource.category?.toLowerCase();
  const product = logsource.product?.toLowerCase();
  const service = logsource.service?.toLowerCase();
  const known = (category && CATEGORY_CLASSES[category]) || (product && PRODUCT_CLASSES[product]) || (service && SERVICE_CLASSES[service]);
  if (known) return known;
  if (product === 'windows') return 'windows_eventlog';
  if (product === 'linux') return 'linux_log';
  if (product === 'macos') return 'macos_log';
  return 'other';
}
