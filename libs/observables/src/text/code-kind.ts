import type { HuntQueryLanguage } from '@huntforge/contracts/extraction';
import { looksLikeKustoQuery } from './kusto';

/** What a block of code is: a hunt query (and in which language), shell commands, data or other code. */
export type CodeKind = { kind: 'query'; language: HuntQueryLanguage } | { kind: 'shell' } | { kind: 'data' } | { kind: 'other' };

const SHELL_TAGS = new Set([
  'bash',
  'sh',
  'shell',
  'zsh',
  'console',
  'terminal',
  'cmd',
  'bat',
  'batch',
  'powershell',
  'ps',
  'ps1',
  'pwsh',
  'posh',
  'dos',
  'shell-session',
  'shellsession',
]);
const DATA_TAGS = new Set(['json', 'xml', 'csv', 'ini', 'toml', 'html', 'log', 'hex']);
const TAG_LANGUAGES: Record<string, HuntQueryLanguage> = {
  kql: 'kql',
  kusto: 'kql',
  spl: 'spl',
  splunk: 'spl',
  eql: 'eql',
  osquery: 'osquery',
  xql: 'xql',
  sigma: 'sigma',
  esql: 'esql',
  'es|ql': 'esql',
  lucene: 'lucene',
  falco: 'falco',
};

const SPL =
  /(?:^|\s)(?:index|sourcetype|source|eventtype|EventCode|EventID)\s*=\s*["\w*]|(?:^|\n)\s*\|\s*(?:tstats|inputlookup|datamodel|from datamodel)\b|\|\s*(?:stats|table|eval|rex|dedup|rename|fields)\b[^\n]*\bby\b|\|\s*table\s+\w/;
const EQL =
  /(?:^|\n|\[)\s*(?:process|file|network|registry|library|dns|any|authentication|iam|driver|intrusion_detection)\s+where\b|(?:^|\n)\s*sequence(?:\s+by\s+[\w.]+)?(?:\s+with\s+maxspan\s*=\s*\w+)?\s*\n?\s*\[/;
// osquery's tables (its schema, cross-platform, Linux, macOS and Windows): an SQL SELECT over one is an osquery query.
const OSQUERY_TABLES = [
  'processes|process_events|process_open_sockets|process_open_files|process_open_pipes|process_memory_map|process_envs|process_etw_events',
  'listening_ports|interface_addresses|interface_details|routes|arp_cache|dns_cache|etc_hosts|etc_services|etc_protocols|curl_certificate',
  'file|hash|yara|yara_events|file_events|disk_events|hardware_events|users|user_groups|logged_in_users|logon_sessions',
  'crontab|launchd|launchd_overrides|startup_items|scheduled_tasks|services|registry|socket_events|kernel_modules|kernel_extensions',
  'kernel_info|authorized_keys|user_ssh_keys|ssh_configs|shell_history|chrome_extensions|firefox_addons|ie_extensions|browser_plugins',
  'safari_extensions|vscode_extensions|npm_packages|python_packages|deb_packages|rpm_packages|homebrew_packages|chocolatey_packages',
  'autoexec|wmi_\\w+|system_info|os_version|platform_info|uptime|programs|apps|app_schemes|docker_\\w+|osquery_\\w+|signature',
  'es_process_events|es_process_file_events|bpf_process_events|bpf_socket_events|systemd_units|sudoers|suid_bin|shadow|known_hosts',
  'drivers|certificates|authenticode|windows_events|windows_eventlog|windows_crashes|windows_security_products|windows_firewall_rules',
  'powershell_events|prefetch|userassist|shimcache|shellbags|shortcut_files|background_activities_moderator|appcompat_shims',
  'ntfs_journal_events|mounts|bitlocker_info|block_devices|unified_log|alf_exceptions|gatekeeper|sip_config',
  'xprotect_entries|keychain_items|package_receipts|extended_attributes|quarantine_events|iptables|selinux_events',
  'seccomp_events|apparmor_events|syslog_events|user_events|lxd_\\w+|ec2_instance_metadata|azure_instance_metadata|office_mru',
].join('|');
const OSQUERY = new RegExp(String.raw`\bSELECT\b[\s\S]{1,2000}?\bFROM\s+(?:${OSQUERY_TABLES})\b`, 'i');
// PowerShell that searches event logs or audit data: a hunt, not a command the intrusion ran.
const POWERSHELL_QUERY =
  /(?:^|\n|\|\s*|=\s*|\(\s*)(?:Get-WinEvent|Get-EventLog|Search-UnifiedAuditLog|Get-MpThreatDetection|Get-MgAuditLog\w*)\b[^\n]*(?:-FilterHashtable|-FilterXPath|-LogName|-Log\b|-StartDate|-RecordType|-Operations|\|\s*Where-Object)/i;
// ES|QL: a source command and a piped processing command (`FROM logs-endpoint.* | WHERE …`).
const ESQL =
  /(?:^|\n)\s*FROM\s+[\w.*,:-]+(?:\s+METADATA\s+[\w, ]+)?\s*(?:\n\s*)?\|\s*(?:WHERE|STATS|EVAL|KEEP|LIMIT|SORT|DISSECT|GROK|MV_EXPAND|ENRICH|RENAME|DROP)\b/i;
// Kibana query language / Lucene: two or more `field.path : value` clauses joined by and/or.
// One clause whose values are a bracketed boolean list counts too: `event.action:(a or b)`.
const LUCENE =
  /^[\s(]*(?:not\s+)?[a-z_]+(?:\.[a-z_]+)+\s*:\s*[("\w*][^\n]*(?:\n[^\n]*)*?\b(?:and|or|AND|OR)\s+(?:not\s+|NOT\s+)?\(?[a-z_@]+(?:\.[a-z_]+)+\s*:|^[\s(]*(?:not\s+)?[a-z_]+(?:\.[a-z_]+)+\s*:\s*\([^()\n]*\s(?:or|OR)\s[^()\n]*\)/;
// A urlscan.io search (Elasticsearch query-string syntax, so Lucene): clauses over urlscan's fields joined by
// AND/OR/NOT, e.g. `page.domain:*.pages.dev AND page.title:"Sign in" AND NOT task.tags:phishing`.
const URLSCAN_FIELD = String.raw`(?:(?:page|task|verdicts|stats|lists|meta|submitter)\.[A-Za-z_.]{2,40}|domain|hostname|hash|ip|asn|asnname|filename|server|country|date|apexDomain)`;
const URLSCAN_CLAUSE = new RegExp(
  String.raw`(?<![\w.])(?:NOT\s+|-)?${URLSCAN_FIELD}\s*:\s*(?:"[^"\n]{1,200}"|\/[^\/\n]{1,200}\/|\[[^\]\n]{1,80}\]|\([^()\n]{1,200}\)|[^\s()]{1,200})`,
  'g',
);
const URLSCAN_OWN_FIELD = /(?<![\w.])(?:page|task|verdicts)\.[A-Za-z_]{2,40}\s*:/;

/**
 * urlscan clauses, one on a field only urlscan has, joined by explicit boolean operators (a listing of result fields,
 * `page.domain: x` over `page.ip: y`, joins nothing). A lone clause counts when written as a search is, with no space
 * after its colon (`page.title:"Tech Support"`).
 */
export function looksLikeUrlscanQuery(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 2000 || !URLSCAN_OWN_FIELD.test(trimmed)) return false;
  const clauses = trimmed.match(URLSCAN_CLAUSE) ?? [];
  if (clauses.length === 0) return false;
  const shape = trimmed.replace(URLSCAN_CLAUSE, ' C ');
  if (!/^[\s(]*C(?:[\s)]*\s(?:AND|OR|&&|\|\|)\s+(?:NOT\s+)?[\s(]*C)*[\s)]*$/i.test(shape)) return false;
  return clauses.length > 1 || /^[\s(]*(?:NOT\s+|-)?[\w.]+:\S/.test(trimmed);
}

// A Falco rule or macro (YAML with a condition in Falco's filter syntax).
const FALCO_ITEM = /^\s*-\s*(?:rule|macro)\s*:[^\n]*\n/m;
const FALCO_CONDITION = /^\s*condition\s*:/m;
// Linear: one item line, then a condition anywhere after it (a regex over both rescans the text from every item).
const looksLikeFalco = (text: string): boolean => {
  const item = FALCO_ITEM.exec(text);
  return !!item && FALCO_CONDITION.test(text.slice(item.index + item[0].length));
};
// auditd rules: a file watch (`-w /etc/x -p wa -k key`) or a syscall rule (`-a always,exit -F …`).
// auditctl takes the action and the list in either order (`-a always,exit`, `-a exit,always`).
const AUDITD =
  /(?:^|\n)\s*(?:-w\s+\/\S*\s+-p\s+[rwxa]+\b|-a\s+(?:(?:always|never),(?:exit|task|user|exclude)|(?:exit|task|user|exclude),(?:always|never))\b)/;
// Rules added with auditctl (`sudo auditctl -w /etc/shadow -p wa -k shadow`): a query only when every line is one, as a
// block of setup commands that adds one rule among others is commands.
const AUDITCTL_RULE =
  /^\s*(?:sudo\s+)?auditctl\s+(?:-w\s+\/\S*\s+-p\s+[rwxa]+\b|-a\s+(?:always,(?:exit|task|user)|(?:exit|task|user),always)\b)/;
const onlyAuditctlRules = (text: string) => {
  const lines = text.split('\n').filter((line) => line.trim() && !/^\s*#/.test(line));
  return lines.length > 0 && lines.every((line) => AUDITCTL_RULE.test(line));
};
// A Sysmon configuration's event filter (`<FileCreate onmatch="include">`), by the event names of Sysmon's schema.
export const SYSMON_EVENTS =
  'RuleGroup|ProcessCreate|FileCreate|FileCreateTime|FileCreateStreamHash|NetworkConnect|RegistryEvent|ImageLoad|DnsQuery|CreateRemoteThread|ProcessAccess|PipeEvent|WmiEvent|FileDelete|FileDeleteDetected|ProcessTerminate|DriverLoad|RawAccessRead|ProcessTampering|ClipboardChange|FileBlockExecutable|FileBlockShredding|FileExecutableDetected';
const SYSMON = new RegExp(String.raw`<(?:${SYSMON_EVENTS})\s+(?:name="[^"]*"\s+)?(?:groupRelation="\w+"\s+)?onmatch=`);
// Query languages a shell-tagged block may hold (auditctl rules are written in bash blocks).
const SHELL_BLOCK_QUERIES = new Set<HuntQueryLanguage>(['powershell', 'auditd']);
// XQL (Cortex XDR/XSIAM): a config stage, or a dataset, preset or datamodel source piped into an XQL stage.
const XQL =
  /(?:^|\n)\s*(?:config\s+case_sensitive|(?:datamodel\s+)?(?:dataset|preset)\s*=\s*\w+\s*(?:\n\s*)?\|\s*(?:filter|fields|alter|comp|dedup|sort|limit|join|arrayexpand|iploc|view|union|bin|call|target|windowcomp|transaction|top)\b|dataset\s*=\s*xdr_data\b)/;

/** Sigma rule text: title, logsource and detection as top-level keys. */
export function looksLikeSigma(text: string): boolean {
  return /^\s*title\s*:/m.test(text) && /^\s*logsource\s*:/m.test(text) && /^\s*detection\s*:/m.test(text);
}

/** The query language of a text, or null when it is not a hunt query. */
export function queryLanguageOf(text: string): HuntQueryLanguage | null {
  if (looksLikeSigma(text)) return 'sigma';
  if (XQL.test(text)) return 'xql';
  if (looksLikeFalco(text)) return 'falco';
  if (SYSMON.test(text)) return 'sysmon';
  if (ESQL.test(text)) return 'esql';
  if (EQL.test(text)) return 'eql';
  if (OSQUERY.test(text)) return 'osquery';
  if (looksLikeKustoQuery(text)) return 'kql';
  if (SPL.test(text)) return 'spl';
  if (POWERSHELL_QUERY.test(text)) return 'powershell';
  if (AUDITD.test(text) || onlyAuditctlRules(text)) return 'auditd';
  if (LUCENE.test(text.trim()) || looksLikeUrlscanQuery(text)) return 'lucene';
  return null;
}

const SHEBANG = /^\s*#!\s*(?:\/usr)?\/bin\/(?:env\s+)?(?:ba|z|da|k)?sh\b/;

export function classifyCode(text: string, lang: string): CodeKind {
  const tag = lang.toLowerCase();
  const tagged = TAG_LANGUAGES[tag];
  if (tagged) return { kind: 'query', language: tagged };
  const language = queryLanguageOf(text);
  if (language && (!SHELL_TAGS.has(tag) || SHELL_BLOCK_QUERIES.has(language))) return { kind: 'query', language };
  // A script's interpreter line says what it is whatever tag the page gave the block ("```javascript" over "#!/bin/bash").
  if (SHELL_TAGS.has(tag) || SHEBANG.test(text)) return { kind: 'shell' };
  if (DATA_TAGS.has(tag) || tag === 'yaml' || tag === 'yml' || /^\s*[{[]/.test(text)) return { kind: 'data' };
  return { kind: 'other' };
}
