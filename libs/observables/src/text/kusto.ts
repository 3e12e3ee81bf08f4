/**
 * Kusto (the KQL of Microsoft Defender XDR, Sentinel and Azure Data Explorer): a tabular source piped through
 * operators, `DeviceProcessEvents | where ProcessCommandLine has_any ("-enc", "-e ")`. The query language enum calls
 * it 'kql' as it does Kibana's KQL; libs/sigma's translator tells the two apart by Kusto's pipes.
 */

// Tables of the Defender XDR and Sentinel schemas: a query over one of them needs no further sign of Kusto.
const KNOWN_TABLES =
  'DeviceProcessEvents|DeviceNetworkEvents|DeviceFileEvents|DeviceRegistryEvents|DeviceEvents|DeviceLogonEvents|DeviceImageLoadEvents|DeviceFileCertificateInfo|DeviceInfo|DeviceNetworkInfo|DeviceTvm\\w+|SecurityEvent|SecurityAlert|SecurityIncident|SigninLogs|AADNonInteractiveUserSignInLogs|AADServicePrincipalSignInLogs|AADManagedIdentitySignInLogs|AuditLogs|CommonSecurityLog|Syslog|OfficeActivity|AzureActivity|AzureDiagnostics|EmailEvents|EmailUrlInfo|EmailAttachmentInfo|EmailPostDeliveryEvents|UrlClickEvents|IdentityLogonEvents|IdentityQueryEvents|IdentityDirectoryEvents|IdentityInfo|AlertEvidence|AlertInfo|BehaviorAnalytics|BehaviorInfo|BehaviorEntities|CloudAppEvents|CloudAuditEvents|CloudProcessEvents|AADSignInEventsBeta|AADSpnSignInEventsBeta|MicrosoftGraphActivityLogs|DnsEvents|W3CIISLog|Event|WindowsEvent|ThreatIntelligenceIndicator|ThreatIntelIndicators|StorageBlobLogs|AzureNetworkAnalytics_CL|ASim\\w+|_ASim_\\w+|im[A-Z]\\w+|_Im_\\w+|\\w+_CL';
// Kusto's tabular operators, the stage after a pipe.
const OPERATORS =
  'where|project(?:-away|-keep|-rename|-reorder)?|summarize|extend|join|lookup|union|take|limit|distinct|order|sort|top|count|mv-expand|mv-apply|parse(?:-where)?|invoke|search|make-series|evaluate|render|as|getschema|sample|serialize';
// What comes before the tabular expression: comment lines and `let` statements (a value may run over lines).
const PRELUDE = String.raw`(?:[ \t]*(?:\/\/[^\n]*|let\s+\w+\s*=[^;]{0,3000};[^\n]*)?\n)*`;
// A function's arguments, one level of brackets deep: `(starttime=ago(1d), endtime=now())`.
const CALL = String.raw`(?:\s*\((?:[^()\n]|\([^()\n]{0,100}\)){0,200}\))`;
// The source: a table (or a function call: `_Im_ProcessCreate(starttime=ago(1d))`), a union of tables, or a search over them.
const SOURCE = String.raw`(?:union\b[^|\n]{1,300}|search\s+in\s*\([^)\n]{1,300}\)[^|\n]{0,200}|[A-Za-z_]\w*${CALL}?)`;
const KNOWN_SOURCE = new RegExp(String.raw`(?:^|\n)${PRELUDE}[ \t]*(?:${KNOWN_TABLES})${CALL}?\s*(?:\n\s*)?\|\s*(?:${OPERATORS})\b`);
const ANY_SOURCE = new RegExp(String.raw`(?:^|\n)${PRELUDE}[ \t]*${SOURCE}\s*(?:\n\s*)?\|\s*(?:${OPERATORS})\b`);
// Operators, functions and statements no other query language (nor PowerShell's `| where`) writes.
const KUSTO_ONLY =
  /(?<=\s)(?:!?has(?:_any|_all|_cs|prefix|suffix)?|(?:contains|startswith|endswith)_cs|matches\s+regex|in~)(?=\s|\()|(?<![-\w$.])(?:(?:summarize|mv-expand)\b|(?:ago|dynamic|tostring|toint|tolower|isnotempty|isempty|parse_json|bin|datetime|dcount|make_set|arg_max|countif)\s*\(|project(?:-away|-rename)?\s+\w|extend\s+\w+\s*=)|=~|!~|\|\s*(?:where|project|extend)\s[^|\n]{0,300}?(?<![-\w])(?:contains|startswith|endswith|between)\b/;
// PowerShell pipes into `where` too (`dir | where { $_.Name -like "*x*" }`): a script block or `$_` is never Kusto.
const POWERSHELL_PIPELINE = /\$_\b|\|\s*(?:where|\?|Where-Object)\s*\{/;
// A search over tables needs no further sign (`search in (SecurityEvent, Syslog) "mimikatz"`).
const SEARCH_IN = /(?:^|\n)\s*search\s+in\s*\([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\)\s*["'@]/;
// A `where` with Kusto's comparisons and a projecting stage after it, whatever the table.
const OPERATOR_PIPELINE =
  /\|\s*where\b[\s\S]{0,2000}?(?:\bhas(?:_any|_all|prefix|suffix)?\b|=~|!~|\bin~|\bcontains\b|\bendswith\b|\bstartswith\b)[\s\S]{0,2000}?\|\s*(?:project|summarize|extend|distinct|take|top)\b/;

/**
 * Whether a text is a Kusto query: a known table piped into an operator; any table, union or search piped into one
 * with an operator or function only Kusto has; or a search over named tables.
 */
export function looksLikeKustoQuery(text: string): boolean {
  if (text.length > 20000) return false;
  if (KNOWN_SOURCE.test(text) || SEARCH_IN.test(text) || OPERATOR_PIPELINE.test(text)) return true;
  return ANY_SOURCE.test(text) && KUSTO_ONLY.test(text) && !POWERSHELL_PIPELINE.test(text);
}

/** A line that may open a Kusto query written outside a code block: its source piped on, or `union`/`search in`. */
export const KUSTO_OPENING = new RegExp(String.raw`^\s*(?:${SOURCE}\s*\|\s*(?:${OPERATORS})\b|union\s+[\w(]|search\s+in\s*\()`);
