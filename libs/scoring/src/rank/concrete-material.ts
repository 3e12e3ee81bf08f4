import { controlPlaneActivity } from './control-plane';
import { macosHostArtefacts } from './host-artefacts';

// Hunt queries as articles print them, one marker per language: a KQL table piped to an operator, SPL's
// index/sourcetype or a pipe to stats/tstats, an EQL event category with `where` or a sequence, ES|QL's
// `FROM index | WHERE`, osquery's SELECT over its tables, a Sigma rule's detection block, a YARA-L/YARA rule, a
// Lucene clause over an ECS event field or a urlscan.io field.
const QUERY_MARKERS: Array<[string, RegExp]> = [
  ['kql', /\b[A-Z][A-Za-z]+(?:Events|Logs|Info|_CL)\s*\|\s*(?:where|project|summarize|extend)\b/],
  ['spl', /(?:^|\s)(?:index|sourcetype)\s*=\s*["\w*]|\|\s*(?:tstats|stats\s+count)\b/],
  [
    'eql',
    /\b(?:process|file|network|registry|library|dns|iam|any)\s+where\s+[\w.]+\s*(?:==|:|!=|in\b|like\b)|\bsequence\s+(?:by|with)\s+[\w.]/,
  ],
  ['esql', /\bFROM\s+[\w.*:-]+\s*(?:METADATA\s+[\w, ]+)?\|\s*(?:WHERE|STATS|KEEP|EVAL)\b/i],
  [
    'osquery',
    /\bSELECT\b[^;]{1,400}?\bFROM\s+(?:processes|process_events|listening_ports|process_open_sockets|crontab|launchd|startup_items|systemd_units|kernel_modules|authorized_keys|shell_history|file_events|socket_events)\b/i,
  ],
  ['sigma', /^\s*detection\s*:\s*$[\s\S]{0,400}^\s*condition\s*:/m],
  ['falco', /^\s*-\s*(?:rule|macro)\s*:[^\n]*\n[\s\S]*?^\s*condition\s*:/m],
  ['auditd', /(?:^|\n)\s*-w\s+\/\S*\s+-p\s+[rwxa]+\b/],
  ['sysmon', /<(?:RuleGroup|ProcessCreate|FileCreate|NetworkConnect|RegistryEvent|ImageLoad|DnsQuery)\s[^>]*onmatch=/],
  ['yara', /\brule\s+\w+\s*(?::\s*\w+\s*)?\{[\s\S]{0,2000}?\bcondition\s*:/],
  // Kibana/Lucene query-string clauses over ECS event fields, and urlscan.io searches over its page and task fields.
  [
    'lucene',
    /(?:^|[\s(`])(?:event\.(?:action|category|dataset|module|code|provider)|(?:page|task)\.(?:domain|url|title|ip|asn|server|apexDomain|tlsIssuer))\s*:\s*["(\w*]/,
  ],
];

/**
 * The concrete material a text holds beside what the extractors count: cloud and identity control-plane
 * activity, macOS host artefacts and hunting queries in any language. A chunk or article with any of it is worth extracting
 * from, whatever its keywords or its prose say (the junk filter keeps such a chunk; see keepsChunk).
 */
export function concreteMaterial(text: string): string[] {
  const queries = QUERY_MARKERS.filter(([, marker]) => marker.test(text)).map(([language]) => `${language} query`);
  return [...queries, ...controlPlaneActivity(text), ...macosHostArtefacts(text)];
}
