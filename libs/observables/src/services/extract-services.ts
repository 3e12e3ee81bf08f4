import type { ServiceItem } from '@huntforge/contracts/extraction';
import type { ArticleDocument } from '../text/document';
import { serviceOperations } from '../command';
import { artefactCommands } from '../command/document-commands';
import { readArgument, readFieldValue } from '../text/quoted';

interface Found {
  name: { value: string; start: number; end: number };
  binaryPath?: string;
  displayName?: string;
  confidence: number;
}

/** Actions that install, configure or control a service (not the ones that only query it). */
const SERVICE_ACTIONS = new Set([
  'create',
  'config',
  'start',
  'stop',
  'delete',
  'failure',
  'description',
  'qc',
  'sdset',
  'enable',
  'restart',
  'pause',
]);
/**
 * Tools that install themselves as a service (`cloudflared service install <token>`, `ngrok service
 * install`, `AnyDesk.exe --install`, `meshagent.exe -fullinstall`): the service takes the name the tool
 * registers, which for the common remote-access and tunnelling tools is known.
 */
const SELF_INSTALLED_SERVICE_NAMES: Record<string, string> = {
  cloudflared: 'Cloudflared',
  ngrok: 'ngrok',
  anydesk: 'AnyDesk',
  meshagent: 'Mesh Agent',
  meshagent64: 'Mesh Agent',
  rustdesk: 'RustDesk',
  tacticalrmm: 'tacticalrmm',
  atera_agent: 'AteraAgent',
  teamviewer: 'TeamViewer',
  zerotier: 'ZeroTierOneService',
  tailscale: 'Tailscale',
  'tailscale-ipn': 'Tailscale',
};
const SELF_INSTALL_ARGUMENTS = /^(?:service install|--install-service|--install|-fullinstall|\/install)\b/i;

const REG_SERVICES = /\\(?:CurrentControlSet|ControlSet\d{3})\\{1,2}Services\\{1,2}(?=[\w.$ -])/gi;
const PROSE =
  /\b(?:service|services)\s+(?:named|called|name[d]?\s+as)\s+(?=["'“`\w])|\b(?:installs?|install(?:ed|ing)|creates?|creat(?:ed|ing)|register(?:s|ed|ing)?)\s+(?:a\s+|the\s+|an\s+)?(?:new\s+|malicious\s+|rogue\s+|persistent\s+|Windows\s+|kernel\s+|system\s+)*service\s+(?=["“'`])/gi;

// More ways prose names a service it says was installed: "a new service, "WinSysHelper", was created",
// "registered the AcmeSync service", "the service AcmeUpdate being installed", "a Windows service (PSEXESVC)".
const SERVICE_NAME_TOKEN = String.raw`["“'\x60]?([A-Za-z][\w.$-]{1,60})["”'\x60]?`;
const PROSE_NAMED: RegExp[] = [
  new RegExp(
    String.raw`\b(?:new|malicious|rogue|persistent|a|the)\s+service,?\s+["“'\x60]([^"“”'\x60\n]{2,60})["”'\x60],?\s+(?:was|is|were|had\s+been|being|got)\s+(?:created|installed|registered|added)`,
    'gi',
  ),
  new RegExp(
    String.raw`\b(?:install(?:s|ed|ing)?|creat(?:e|es|ed|ing)|register(?:s|ed|ing)?|add(?:s|ed|ing)?)\s+(?:a|the|an)\s+(?:new\s+|malicious\s+|rogue\s+)?${SERVICE_NAME_TOKEN}\s+service\b`,
    'g',
  ),
  new RegExp(
    String.raw`\bservice\s+${SERVICE_NAME_TOKEN},?\s+(?:was|is|were|had\s+been|being|got)\s+(?:installed|created|registered|added)\b`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?:install(?:s|ed|ing)?|creat(?:e|es|ed|ing)|register(?:s|ed|ing)?|through|via|using)\s+(?:a|the|an)\s+(?:new\s+|malicious\s+)?(?:Windows\s+)?service\s+\(([A-Za-z][\w.$-]{1,60})\)`,
    'gi',
  ),
];
// Still more: "A new service, MsDefSync, was registered", "the installation of the service "PSEXESVC"", "A service was
// installed: KrbSync", "installs itself as a service with the name "X"", "registers the service WinHlp32", "loaded as
// the kernel service aswArPot". Unquoted names must look like one (see looksLikeName).
const NAME_OR_QUOTED = String.raw`(?:["“'\x60]([^"“”'\x60\n]{2,60})["”'\x60]|([A-Za-z][\w.$-]{1,60}))`;
const PROSE_NAMED_MORE: RegExp[] = [
  new RegExp(
    String.raw`\b(?:new|malicious|rogue|persistent|a|the)\s+(?:Windows\s+|kernel\s+)?service,\s+${NAME_OR_QUOTED},\s+(?:was|is|were|had\s+been|being|got)\s+(?:created|installed|registered|added)`,
    'gi',
  ),
  new RegExp(String.raw`\b(?:the|a|new|malicious|Windows|kernel)\s+service\s+["“'\x60]([^"“”'\x60\n]{2,60})["”'\x60]()`, 'gi'),
  new RegExp(String.raw`\bservice\s+(?:was|were|is|got)\s+(?:created|installed|registered|added)\s*:\s+${NAME_OR_QUOTED}`, 'gi'),
  new RegExp(String.raw`\bservice\s+with\s+the\s+(?:service\s+)?name\s+${NAME_OR_QUOTED}`, 'gi'),
  new RegExp(
    String.raw`\b(?:install(?:s|ed|ing)?|creat(?:e|es|ed|ing)|register(?:s|ed|ing)?|add(?:s|ed|ing)?|loaded\s+as)\s+(?:the|a|an)\s+(?:new\s+|malicious\s+)?(?:Windows\s+|kernel\s+|driver\s+)?service\s+${NAME_OR_QUOTED}`,
    'gi',
  ),
];
// Words that stand where a name would but describe the service instead ("installed the Windows service").
const NOT_A_NAME =
  /^(?:windows|microsoft|linux|system|remote|desktop|new|malicious|legitimate|kernel|web|cloud|vpn|rdp|ssh|dns|http|smb|same|following|above|below|relevant|vulnerable|affected|original|fake|rogue|backdoor|persistence|persistent|update|security|antivirus|edr|av)$/i;

/** 7045-style "Service Name:" fields: the value runs to the end of the line, spaces included. */
const FIELD = /\bService\s*Name\s*[:=][ \t]*(?=\S)|\bServiceName\s*[:=][ \t]*(?=\S)/gi;
/**
 * A bare "Service:" label names a service only beside the service's binary ("Service: mgdsrv | Path:
 * ...\rwdrv.sys"): alone it is as often a product or a cloud service.
 */
const SERVICE_WITH_PATH =
  /\bService\s*:[ \t]*["'\x60]?([A-Za-z][\w.$-]{1,60})["'\x60]?[ \t]*[|,;]?[ \t]*(?:Image\s*Path|Binary(?:\s*Path(?:\s*Name)?)?|Path|File(?:\s*Name)?|Driver)\s*:/gi;
/** A table cell that labels its neighbour, or heads its column, as a service name ("Service persistence: service name"). */
const NAME_CELL = /(?:^|[\s:])service\s*name$/i;

/**
 * Services the article names: those its commands install or control (`sc create|config|start|stop ...`,
 * New-Service and the other service cmdlets, `net start|stop`, systemd units and launchd jobs, tools that
 * install themselves as one), the Services registry key, 7045-style "Service Name:" fields and prose like
 * "installed a service named ...".
 */
export function extractServices(doc: ArticleDocument): ServiceItem[] {
  const { content } = doc;
  const found: Found[] = [];
  const read = (offset: number) => readArgument(content, offset);

  fromCommands(doc, found);
  for (const m of content.matchAll(REG_SERVICES)) {
    const seg = /^[\w.$ -]+?(?=\\|["'\s,;)`]|$)/.exec(content.slice(m.index + m[0].length));
    if (!seg) continue;
    const start = m.index + m[0].length;
    found.push({ name: { value: seg[0], start, end: start + seg[0].length }, confidence: 0.8 });
  }
  for (const m of content.matchAll(FIELD)) {
    const name = readFieldValue(content, m.index + m[0].length);
    if (name && plausibleName(name.value)) found.push({ name, confidence: 0.85 });
  }
  for (const m of content.matchAll(SERVICE_WITH_PATH)) {
    const value = m[1] as string;
    const start = m.index + m[0].indexOf(value);
    if (plausibleName(value)) found.push({ name: { value, start, end: start + value.length }, confidence: 0.8 });
  }
  fromTables(doc, found);
  for (const m of content.matchAll(PROSE)) {
    const name = readBackticked(content, m.index + m[0].length) ?? read(m.index + m[0].length);
    if (!name || !plausibleName(name.value)) continue;
    found.push({ name, confidence: 0.75 });
  }
  for (const re of PROSE_NAMED) {
    for (const m of content.matchAll(re)) {
      const value = m[1] as string;
      // A lower-case word is prose ("the new service"); a quoted name may be anything.
      const quoted = /["“'\x60]$/.test(content.slice(m.index, m.index + m[0].indexOf(value)));
      if (!plausibleName(value) || (!quoted && (NOT_A_NAME.test(value) || /^[a-z]+$/.test(value)))) continue;
      const start = m.index + m[0].indexOf(value);
      found.push({ name: { value, start, end: start + value.length }, confidence: 0.7 });
    }
  }
  for (const re of PROSE_NAMED_MORE) {
    for (const m of content.matchAll(re)) {
      const quoted = m[1];
      const value = quoted || m[2];
      if (!value || (!quoted && !looksLikeName(value)) || !plausibleName(value)) continue;
      const start = m.index + m[0].lastIndexOf(value);
      found.push({ name: { value, start, end: start + value.length }, confidence: 0.7 });
    }
  }
  return dedupe(content, found);
}

/**
 * An unquoted word is a service name when it is spelt like one (WinHlp32, MsDefSync, PSEXESVC, aswArPot, kesknq_svc), not
 * like a word of the sentence ("the service was", "a new service").
 */
export function looksLikeName(value: string): boolean {
  const bare = value.replace(/[.,;:]+$/, '');
  if (NOT_A_NAME.test(bare) || !/^[A-Za-z][\w.$-]{2,60}$/.test(bare)) return false;
  return /[a-z][A-Z]|\d|_|\$/.test(bare) || /^[A-Z]{4,}$/.test(bare);
}

/** Services the article's commands install or control, read by the command model wherever the commands stand. */
function fromCommands(doc: ArticleDocument, found: Found[]): void {
  for (const { invocation } of artefactCommands(doc)) {
    for (const operation of serviceOperations(invocation)) {
      // launchd jobs are not services here (ServicesExtract reports Windows services and systemd units).
      if (!SERVICE_ACTIONS.has(operation.action) || operation.manager === 'launchd') continue;
      const name = { value: operation.name, start: operation.nameWord.start, end: operation.nameWord.end };
      found.push({
        name,
        binaryPath: operation.binaryPath,
        displayName: operation.displayName,
        confidence: operation.action === 'create' ? 0.95 : operation.manager === 'net' || operation.manager === 'systemd' ? 0.8 : 0.85,
      });
    }
    const selfInstalled = SELF_INSTALLED_SERVICE_NAMES[invocation.name];
    const rest = invocation.args.map((word) => word.raw).join(' ');
    // Only the tools whose service name is known: `setup.exe /install` names no service.
    if (selfInstalled && invocation.program && SELF_INSTALL_ARGUMENTS.test(rest)) {
      found.push({ name: { value: selfInstalled, start: invocation.program.start, end: invocation.program.end }, confidence: 0.7 });
    }
  }
}

/**
 * Tables that name services: a key/value row whose key cell is a service name ("| Service name | AcmeSvc |"),
 * or a column headed "Service Name" (one service a row).
 */
function fromTables(doc: ArticleDocument, found: Found[]): void {
  let column = -1;
  for (const line of doc.lines) {
    if (!/^\s*\|.*\|\s*$/.test(line.text)) {
      column = -1;
      continue;
    }
    if (/^\s*\|[\s|:-]+\|\s*$/.test(line.text)) continue; // the separator row
    const cells = tableCells(line.text, line.start);
    const key = cells.findIndex((c) => NAME_CELL.test(c.value));
    if (key >= 0 && cells[key + 1]?.value && /^\s*\|[\s|:-]+\|\s*$/.test(doc.lines[line.index + 1]?.text ?? '')) {
      column = key; // a header row: the values are in the rows below
      continue;
    }
    const cell = key >= 0 ? cells[key + 1] : column >= 0 ? cells[column] : undefined;
    if (cell && /^[A-Za-z][\w.$ -]{1,60}$/.test(cell.value) && !/\s{2,}/.test(cell.value) && plausibleName(cell.value)) {
      found.push({ name: { value: cell.value, start: cell.start, end: cell.start + cell.value.length }, confidence: 0.8 });
    }
  }
}

/** The cells of a markdown table row, unwrapped from code and emphasis marks, with their offsets. */
function tableCells(text: string, lineStart: number): Array<{ value: string; start: number }> {
  const cells: Array<{ value: string; start: number }> = [];
  const re = /\|([^|]*)(?=\|)/g;
  for (const m of text.matchAll(re)) {
    const raw = m[1] as string;
    const inner = /^\s*[*_\x60]*(.*?)[*_\x60]*\s*$/.exec(raw)?.[1] ?? '';
    cells.push({ value: inner, start: lineStart + m.index + 1 + raw.indexOf(inner) });
  }
  return cells;
}

/** A name written as markdown code (`AnyDesk`, `Mesh Agent`). */
function readBackticked(content: string, offset: number): { value: string; start: number; end: number } | null {
  const m = /^[ \t]*`([^`\n]{2,80})`/.exec(content.slice(offset));
  if (!m) return null;
  const start = offset + m[0].indexOf('`') + 1;
  return { value: m[1], start, end: start + m[1].length };
}

function plausibleName(value: string): boolean {
  return value.length >= 2 && value.length <= 80 && !/^(?:a|an|the|that|which|to|for|and|with)$/i.test(value);
}

function dedupe(content: string, found: Found[]): ServiceItem[] {
  const byName = new Map<string, ServiceItem>();
  for (const f of found.sort((a, b) => a.name.start - b.name.start)) {
    const value = f.name.value.trim().replace(/[.,;:]+$/, '');
    if (!value) continue;
    const key = value.toLowerCase();
    const prev = byName.get(key);
    if (prev) {
      prev.binary_path ??= f.binaryPath;
      prev.display_name ??= f.displayName;
      prev.confidence = Math.max(prev.confidence, f.confidence);
      continue;
    }
    byName.set(key, {
      value,
      ...(f.binaryPath ? { binary_path: f.binaryPath } : {}),
      ...(f.displayName ? { display_name: f.displayName } : {}),
      evidence: { start: f.name.start, end: f.name.end, text: content.slice(f.name.start, f.name.end) },
      confidence: f.confidence,
    });
  }
  return [...byName.values()];
}
