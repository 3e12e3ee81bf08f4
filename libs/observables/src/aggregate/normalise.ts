import ipaddr from 'ipaddr.js';
import type { ObservableType } from '@huntforge/contracts/extraction';
import { normaliseScheme, refang } from '../refang';
import { parseKey } from '../registry/extract-registry';

/**
 * Per-type normalisation used to present and deduplicate observables across agents (builtin or
 * LLM): `value` is what is shown, `key` what two reports must share to be the same observable.
 */
export interface Normalised {
  value: string;
  key: string;
}

const SMART_QUOTES: Array<[RegExp, string]> = [
  [/[“”„‟]/g, '"'],
  [/[‘’‚‛]/g, "'"],
];

export function straightenQuotes(text: string): string {
  return SMART_QUOTES.reduce((t, [re, to]) => t.replace(re, to), text);
}

function stripQuotes(text: string): string {
  return text
    .trim()
    .replace(/^(["'`])(.*)\1$/s, '$2')
    .trim();
}

export function normaliseObservable(type: ObservableType, raw: string): Normalised | null {
  const text = straightenQuotes(raw).trim();
  if (!text) return null;
  switch (type) {
    case 'cmdline': {
      const value = stripQuotes(text.replace(/^`|`$/g, '')).replace(/\s+/g, ' ');
      return value ? { value, key: value.toLowerCase() } : null;
    }
    case 'hunt_query': {
      const value = text.replace(/[ \t]+$/gm, '');
      return { value, key: value.replace(/\s+/g, ' ').toLowerCase() };
    }
    case 'process_lineage': {
      const [parent, child] = text.split(/\s*(?:->|→|>)\s*/);
      if (!parent || !child) return null;
      const value = `${baseName(parent)} -> ${baseName(child)}`;
      return { value, key: value.toLowerCase() };
    }
    case 'registry_key': {
      const parsed = parseKey(stripQuotes(text));
      if (!parsed || !parsed.path) return null;
      const value = parsed.hive ? `${parsed.hive}\\${parsed.path}` : parsed.path;
      return { value, key: value.toLowerCase() };
    }
    case 'service': {
      const value = stripQuotes(text).replace(/\s+/g, ' ');
      return value ? { value, key: value.toLowerCase() } : null;
    }
    case 'scheduled_task': {
      const value = stripQuotes(text).replace(/\s+/g, ' ');
      return value ? { value, key: value.replace(/^\\+/, '').toLowerCase() } : null;
    }
    case 'domain': {
      const value = refang(stripQuotes(text)).toLowerCase().replace(/\.$/, '');
      return value ? { value, key: value } : null;
    }
    case 'ipv4':
    case 'ipv6': {
      const value = refang(stripQuotes(text))
        .toLowerCase()
        .replace(/^\[|\]$/g, '');
      const canonical = ipaddr.isValid(value) ? ipaddr.parse(value).toString() : value;
      return { value: canonical, key: canonical };
    }
    case 'url': {
      const value = normaliseUrl(refang(stripQuotes(text)));
      return { value, key: value.replace(/\/$/, '') };
    }
  }
}

function baseName(image: string): string {
  const bare = stripQuotes(image);
  return bare.split(/[\\/]/).pop() ?? bare;
}

/** Lower-cases the scheme and host of a URL, leaving its path as written. */
export function normaliseUrl(url: string): string {
  const m = /^([a-z][\w+.-]*):\/\/([^/?#]*)(.*)$/is.exec(url);
  if (m) return `${normaliseScheme(m[1])}://${m[2].toLowerCase()}${m[3]}`;
  const bare = /^([^/?#]*)(.*)$/s.exec(url);
  return bare ? `${bare[1].toLowerCase()}${bare[2]}` : url;
}
