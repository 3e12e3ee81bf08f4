import { LiteralScanner } from './literal-scan';
import type { Anchoring } from './wildcard';

/** Below this many texts, one native search or comparison per text costs less than a scan or a trie walk. */
const SCAN_FROM = 8;
/** Children a trie node searches linearly; a node with more (the letters after `.exe`) looks them up in a Map. */
const LINEAR_CHILDREN = 8;

/** A trie node: its children by character, and whether a text ends here. */
interface TrieNode {
  codes: number[];
  children: TrieNode[];
  /** The children by character, when there are more than LINEAR_CHILDREN. */
  byCode: Map<number, TrieNode> | null;
  end: boolean;
}

/**
 * A test of whether any of many plain texts sits in a value where its anchoring says: the whole
 * value (one set lookup), its start or end (one walk down a trie of the texts, from the value's
 * first or last character), or anywhere (one multi-literal scan, each hit checked). Texts and values
 * are compared as given: callers pass both lower-cased for case-insensitive matching. Made on its
 * first use: most of a large rule set's lists are never tried (their rule's triggers never fire).
 */
export function anyNeedle(needles: readonly string[], anchoring: Anchoring): (value: string) => boolean {
  let test: ((value: string) => boolean) | null = null;
  return (value) => (test ??= needleTest(needles, anchoring))(value);
}

function needleTest(needles: readonly string[], anchoring: Anchoring): (value: string) => boolean {
  if (anchoring === 'exact') {
    const set = new Set(needles);
    return (value) => set.has(value);
  }
  if (needles.length < SCAN_FROM) {
    if (anchoring === 'startswith')
      return (value) => {
        for (let i = 0; i < needles.length; i++) if (value.startsWith(needles[i] as string)) return true;
        return false;
      };
    if (anchoring === 'endswith')
      return (value) => {
        for (let i = 0; i < needles.length; i++) if (value.endsWith(needles[i] as string)) return true;
        return false;
      };
    return (value) => {
      for (let i = 0; i < needles.length; i++) if (value.includes(needles[i] as string)) return true;
      return false;
    };
  }
  if (anchoring === 'startswith') return trieTest(needles, false);
  if (anchoring === 'endswith') return trieTest(needles, true);
  // The scanner folds case and lumps characters beyond ASCII together: each literal it reports is checked.
  const scanner = new LiteralScanner(needles);
  let subject = '';
  let found = false;
  const check = (id: number): void => {
    if (!found && subject.includes(needles[id] as string)) found = true;
  };
  return (value) => {
    subject = value;
    found = false;
    scanner.scan(value, check);
    return found;
  };
}

function trieTest(needles: readonly string[], fromEnd: boolean): (value: string) => boolean {
  const node = (): TrieNode => ({ codes: [], children: [], byCode: null, end: false });
  const root = node();
  for (const needle of needles) {
    let at = root;
    for (let k = 0; k < needle.length; k++) {
      const code = needle.charCodeAt(fromEnd ? needle.length - 1 - k : k);
      const index = at.codes.indexOf(code);
      if (index >= 0) at = at.children[index] as TrieNode;
      else {
        const child = node();
        at.codes.push(code);
        at.children.push(child);
        at = child;
      }
    }
    at.end = true;
  }
  const index = (at: TrieNode): void => {
    if (at.codes.length > LINEAR_CHILDREN) at.byCode = new Map(at.codes.map((code, k) => [code, at.children[k] as TrieNode]));
    at.children.forEach(index);
  };
  index(root);
  if (root.end) return () => true;
  return (value) => {
    let at = root;
    const length = value.length;
    for (let k = 0; k < length; k++) {
      const code = value.charCodeAt(fromEnd ? length - 1 - k : k);
      let next: TrieNode | undefined;
      if (at.byCode !== null) next = at.byCode.get(code);
      else {
        const codes = at.codes;
        let index = 0;
        while (index < codes.length && codes[index] !== code) index++;
        next = at.children[index];
      }
      if (next === undefined) return false;
      at = next;
      if (at.end) return true;
    }
    return false;
  };
}
