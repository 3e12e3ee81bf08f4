import { compileSigmaRegex } from '../detection/sigma-regex';
import {
  BASE64_MODIFIERS,
  COMPARE_MODIFIERS,
  ENCODING_MODIFIERS,
  KNOWN_MODIFIERS,
  MATCH_MODIFIERS,
  REGEX_FLAGS,
} from '../pipeline/modifiers';
import type { DetectionItem, SearchIdentifier } from '../detection/search-identifiers';
import { parseAddress } from '../detection/cidr';
import { wildcardModifier } from '../detection/wildcard-modifier';
import { finding, type Finding } from '../findings';

const has = (modifiers: readonly string[], list: readonly string[]): boolean => modifiers.some((m) => list.includes(m));
const count = (modifiers: readonly string[], list: readonly string[]): number => modifiers.filter((m) => list.includes(m)).length;

/** Shape, modifier and value checks of every search identifier. */
export function checkSearchIdentifiers(identifiers: readonly SearchIdentifier[]): Finding[] {
  const findings: Finding[] = [];
  for (const identifier of identifiers) {
    for (const problem of identifier.problems) findings.push(finding('invalid_search_identifier', problem.path, problem.message));
    for (const item of identifier.alternatives.flat()) findings.push(...checkItem(item));
  }
  return findings;
}

function checkItem(item: DetectionItem): Finding[] {
  const findings = checkModifiers(item);
  if (findings.some((f) => f.id === 'unknown_modifier')) return findings;
  return [...findings, ...checkValues(item)];
}

function checkModifiers({ path, modifiers, listValue }: DetectionItem): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const modifier of modifiers) {
    if (!KNOWN_MODIFIERS.has(modifier)) findings.push(finding('unknown_modifier', path, `Unknown modifier '${modifier}'`));
    // base64|base64 is double encoding, the one repetition that means something.
    else if (seen.has(modifier) && modifier !== 'base64')
      findings.push(finding('repeated_modifier', path, `Modifier '${modifier}' is repeated`));
    seen.add(modifier);
  }
  if (findings.length > 0) return findings;

  if (count(modifiers, MATCH_MODIFIERS) > 1) {
    findings.push(finding('conflicting_modifiers', path, 'Use only one of contains, startswith, endswith'));
  }
  if (modifiers.includes('re') && has(modifiers, [...MATCH_MODIFIERS, ...BASE64_MODIFIERS, 'windash', 'cidr'])) {
    findings.push(finding('conflicting_modifiers', path, "'re' cannot be combined with string-matching or encoding modifiers"));
  }
  if (modifiers.includes('cidr') && modifiers.some((m) => m !== 'cidr' && m !== 'all')) {
    findings.push(finding('conflicting_modifiers', path, "'cidr' takes no other modifier"));
  }
  findings.push(...checkOrder(path, modifiers));
  if (modifiers.includes('base64') && modifiers.includes('base64offset')) {
    findings.push(finding('conflicting_modifiers', path, 'Use base64 or base64offset, not both'));
  }
  if (has(modifiers, COMPARE_MODIFIERS) && (count(modifiers, COMPARE_MODIFIERS) > 1 || modifiers.length > 1)) {
    findings.push(finding('conflicting_modifiers', path, 'A numeric comparison (lt, lte, gt, gte) stands alone'));
  }
  if (modifiers.includes('exists') && modifiers.length > 1) {
    findings.push(finding('conflicting_modifiers', path, "'exists' takes no other modifier"));
  }
  if (modifiers.includes('all') && !listValue) {
    findings.push(finding('all_without_list', path, "'all' needs a list of values (with one value it changes nothing)"));
  }
  if (modifiers.includes('base64offset') && !modifiers.includes('contains')) {
    findings.push(finding('base64offset_without_contains', path, "'base64offset' must be followed by 'contains'"));
  }
  if (modifiers.includes('windash') && modifiers.includes('all')) {
    findings.push(finding('windash_with_all', path, "'windash' cannot be combined with 'all': each value expands to alternatives"));
  }
  if (has(modifiers, REGEX_FLAGS) && !modifiers.includes('re')) {
    findings.push(finding('re_flag_without_re', path, "Regex flags 'i', 'm', 's' only apply after 're'"));
  }
  if (has(modifiers, ENCODING_MODIFIERS) && !has(modifiers, BASE64_MODIFIERS)) {
    findings.push(finding('encoding_without_base64', path, 'utf16le/utf16be/utf16/wide must be followed by base64 or base64offset'));
  }
  return findings;
}

/**
 * Modifiers apply left to right, so their order matters: text is encoded (wide/utf16) before it is
 * base64-encoded, and encoded before it is placed (contains/startswith/endswith); `re` reads the
 * value as written, so nothing may transform it first.
 */
function checkOrder(path: string, modifiers: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const first = (list: readonly string[]): number => modifiers.findIndex((m) => list.includes(m));
  const last = (list: readonly string[]): number => Math.max(-1, ...modifiers.map((m, i) => (list.includes(m) ? i : -1)));
  const placing = first(MATCH_MODIFIERS);
  if (placing >= 0 && last([...BASE64_MODIFIERS, ...ENCODING_MODIFIERS]) > placing) {
    findings.push(
      finding('modifier_order', path, `'${modifiers[placing]}' must come after the encoding modifiers (e.g. wide|base64offset|contains)`),
    );
  }
  if (first(BASE64_MODIFIERS) >= 0 && last(ENCODING_MODIFIERS) > first(BASE64_MODIFIERS)) {
    findings.push(finding('modifier_order', path, 'utf16le/utf16be/utf16/wide must come before base64 or base64offset'));
  }
  const regex = modifiers.indexOf('re');
  if (regex > 0 && modifiers.slice(0, regex).some((m) => m !== 'cased')) {
    findings.push(finding('modifier_order', path, `'re' must come first: '${modifiers[0]}' cannot apply to a regular expression`));
  }
  return findings;
}

function checkValues(item: DetectionItem): Finding[] {
  const { path, modifiers, values, field } = item;
  const findings: Finding[] = [];
  if (modifiers.includes('exists')) {
    if (field === null) findings.push(finding('invalid_modifier_value', path, "'exists' needs a field name before it"));
    if (values.some((v) => typeof v !== 'boolean')) findings.push(finding('invalid_modifier_value', path, "'exists' takes true or false"));
    return findings;
  }
  if (modifiers.includes('fieldref')) {
    for (const value of values) {
      if (typeof value !== 'string' || value === '' || /(?<!\\)[*?]/.test(value)) {
        findings.push(finding('invalid_modifier_value', path, `'fieldref' takes a field name, not ${JSON.stringify(value)}`));
      }
    }
    return findings;
  }
  if (has(modifiers, BASE64_MODIFIERS) || has(modifiers, ENCODING_MODIFIERS)) {
    for (const value of values) {
      if (typeof value === 'string' && /(?<!\\)[*?]/.test(value)) {
        findings.push(
          finding('invalid_modifier_value', path, `${JSON.stringify(value)}: wildcards cannot be encoded; they would be matched literally`),
        );
      }
      if (has(modifiers, ENCODING_MODIFIERS) && typeof value === 'string' && !isAscii(value)) {
        findings.push(
          finding(
            'invalid_modifier_value',
            path,
            `${JSON.stringify(value)}: UTF-16 encoding of non-ASCII text is ambiguous in Sigma; write the value in ASCII`,
          ),
        );
      }
    }
  }
  if (has(modifiers, COMPARE_MODIFIERS)) {
    if (values.some((v) => typeof v !== 'number'))
      findings.push(finding('invalid_modifier_value', path, 'Numeric comparisons take numbers'));
    return findings;
  }
  if (modifiers.includes('cidr')) {
    for (const value of values) {
      if (typeof value !== 'string' || !isCidr(value))
        findings.push(finding('invalid_modifier_value', path, `${String(value)} is not a CIDR network`));
      else if (hasHostBits(value))
        findings.push(finding('invalid_modifier_value', path, `${value} has host bits set; write the network address`));
    }
    return findings;
  }
  if (modifiers.includes('re')) {
    for (const value of values) {
      if (typeof value !== 'string') {
        findings.push(finding('invalid_modifier_value', path, "'re' values must be strings"));
        continue;
      }
      const compiled = compileSigmaRegex(value, modifiers);
      if (!compiled.ok)
        findings.push(finding('invalid_regex', path, `Invalid regular expression ${JSON.stringify(value)}: ${compiled.error}`));
    }
    return findings;
  }
  const plain = !has(modifiers, MATCH_MODIFIERS) && !has(modifiers, BASE64_MODIFIERS) && !modifiers.includes('fieldref');
  for (const value of values) {
    if (typeof value !== 'string') continue;
    if (/(?<!\\)\*\*/.test(value)) findings.push(finding('double_wildcard', path, `${JSON.stringify(value)} has a double wildcard`));
    if (plain && field !== null && wildcardModifier(value)) {
      findings.push(
        finding(
          'wildcard_instead_of_modifier',
          path,
          `${JSON.stringify(value)}: use the '${wildcardModifier(value)}' modifier instead of wildcards`,
        ),
      );
    }
    if (plain && field !== null && /^-?\d+$/.test(value)) {
      findings.push(finding('number_as_string', path, `${JSON.stringify(value)} is a number written as a string`));
    }
  }
  return findings;
}

/** `192.168.1.1/24`: bits set after the prefix, so the writer probably meant another network. */
function hasHostBits(value: string): boolean {
  const [address, prefix] = value.split('/');
  const bytes = address === undefined ? null : parseAddress(address);
  if (!bytes || prefix === undefined) return false;
  const bits = Number(prefix);
  return bytes.some((byte, index) => {
    const keep = Math.max(0, Math.min(8, bits - index * 8));
    return (byte & (0xff >> keep)) !== 0;
  });
}

function isCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || address === undefined) return false;
  const bits = prefix === undefined ? null : Number(prefix);
  if (bits !== null && (!Number.isInteger(bits) || prefix === '')) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return address.split('.').every((o) => Number(o) <= 255) && (bits === null || bits <= 32);
  if (address.includes(':') && /^[0-9a-f:]+$/i.test(address)) return bits === null || bits <= 128;
  return false;
}

function isAscii(text: string): boolean {
  return [...text].every((char) => char.charCodeAt(0) < 0x80);
}
