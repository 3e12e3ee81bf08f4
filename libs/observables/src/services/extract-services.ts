import type { ServiceItem } from '@huntforge/contracts';
import type { ArticleDocument } from '../text/document';
import { readArgument, readFieldValue } from '../text/quoted';

interface Found {
  name: { value: string; start: number; end: number };
  binaryPath?: string;
  displayName?: string;
  confidence: number;
}

// Each pattern ends where the service name begins; the name is read with readArgument.
const SC = /\bsc(?:\.exe)?\s+(?:\\\\[\w.-]+\s+)?(create|config|start|stop|delete|failure|description|qc|sdset)\s+(?=\S)/gi;
const PS_NAME = /\b(New-Service|Set-Service|Start-Service|Stop-Service|Remove-Service|Restart-Service)\b[^\n]*?(?:-Name\s+|-ServiceName\s+|(?<=Service)\s+(?=["'\w]))/gi;
const NET = /\bnet1?(?:\.exe)?\s+(start|stop)\s+(?=["'\w])/gi;
const REG_SERVICES = /\\(?:CurrentControlSet|ControlSet\d{3})\\{1,2}Services\\{1,2}(?=[\w.$ -])/gi;
const PROSE = /\b(?:service|services)\s+(?:named|called|name[d]?\s+as)\s+(?=["'“`\w])|\b(?:installs?|install(?:ed|ing)|creates?|creat(?:ed|ing)|register(?:s|ed|ing)?)\s+(?:a\s+|the\s+|an\s+)?(?:new\s+|malicious\s+|rogue\s+|persistent\s+|Windows\s+|kernel\s+|system\s+)*service\s+(?=["“'`])/gi;
/**
 * Tools that install themselves as a service (`cloudflared service install <token>`, `ngrok service
 * install`, `AnyDesk.exe --install`, `meshagent.exe -fullinstall`): the service takes the name the tool
 * registers, which for the common remote-access and tunnelling tools is known.
 */
const SELF_INSTALL = /(?<![\w.-])([A-Za-z][\w.-]{1,40}?)(?:\.exe)?"?\s+(?:service\s+install|--install-service|--install|-fullinstall|\/install)\b/gi;
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

/** 7045-style "Service Name:" fields: the value runs to the end of the line, spaces included. */
const FIELD = /\bService\s*Name\s*[:=][ \t]*(?=\S)|\bServiceName\s*[:=][ \t]*(?=\S)/gi;
const SYSTEMD = /\bsystemctl\s+(?:--user\s+)?(?:enable|start|restart|daemon-reload\s+&&\s+systemctl\s+enable)\s+(?:--now\s+)?(?=[\w@.-]+\.service\b)/gi;

/**
 * Windows services the article names: `sc create|config|start|stop ...`, New-Service and the other
 * service cmdlets, `net start|stop`, the Services registry key, 7045-style "Service Name:" fields
 * and prose like "installed a service named ...", plus systemd units enabled with systemctl.
 */
export function extractServices(doc: ArticleDocument): ServiceItem[] {
  const { content } = doc;
  const found: Found[] = [];
  const read = (offset: number) => readArgument(content, offset);

  for (const m of content.matchAll(SC)) {
    const name = read(m.index + m[0].length);
    if (!name || name.value.startsWith('/')) continue;
    const line = lineFrom(content, name.end);
    found.push({
      name,
      binaryPath: optionValue(line, /\bbinpath=\s*/i),
      displayName: optionValue(line, /\bdisplayname=\s*/i),
      confidence: m[1].toLowerCase() === 'create' ? 0.95 : 0.85,
    });
  }
  for (const m of content.matchAll(PS_NAME)) {
    const name = read(m.index + m[0].length);
    if (!name || name.value.startsWith('-') || name.value.startsWith('$')) continue;
    const line = lineFrom(content, m.index);
    found.push({
      name,
      binaryPath: optionValue(line, /-BinaryPathName\s+/i),
      displayName: optionValue(line, /-DisplayName\s+/i),
      confidence: /^New-Service$/i.test(m[1]) ? 0.95 : 0.85,
    });
  }
  for (const m of content.matchAll(NET)) {
    const name = read(m.index + m[0].length);
    if (name && !name.value.startsWith('/')) found.push({ name, confidence: 0.8 });
  }
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
  for (const m of content.matchAll(PROSE)) {
    const name = readBackticked(content, m.index + m[0].length) ?? read(m.index + m[0].length);
    if (!name || !plausibleName(name.value)) continue;
    found.push({ name, confidence: 0.75 });
  }
  for (const m of content.matchAll(SELF_INSTALL)) {
    const tool = (m[1] as string).replace(/^.*[\\/]/, '').toLowerCase();
    const name = SELF_INSTALLED_SERVICE_NAMES[tool];
    // Only the tools whose service name is known: `setup.exe /install` names no service.
    if (!name) continue;
    const start = m.index + m[0].indexOf(m[1] as string);
    found.push({ name: { value: name, start, end: start + (m[1] as string).length }, confidence: 0.7 });
  }
  for (const m of content.matchAll(SYSTEMD)) {
    const name = read(m.index + m[0].length);
    if (name) found.push({ name, confidence: 0.8 });
  }
  return dedupe(content, found);
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

function lineFrom(content: string, offset: number): string {
  const end = content.indexOf('\n', offset);
  return content.slice(offset, end < 0 ? content.length : end);
}

function optionValue(line: string, option: RegExp): string | undefined {
  const m = option.exec(line);
  if (!m) return undefined;
  return readArgument(line, m.index + m[0].length)?.value;
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
