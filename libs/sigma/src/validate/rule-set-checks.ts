import { finding, type Finding } from '../findings';
import { isPlainObject } from '../parse/parse-rule';

export interface RuleFile {
  file: string;
  documents: ReadonlyArray<Record<string, unknown>>;
}

/**
 * Checks across a set of rule files: the same id, title or file name twice, and a correlation or
 * filter naming a rule outside the set. Warnings: each rule stays valid on its own, but a set that
 * reuses an id will confuse every tool that keys rules by id.
 */
export function checkRuleSet(files: readonly RuleFile[]): Map<string, Finding[]> {
  const found = new Map<string, Finding[]>(files.map((file) => [file.file, []]));
  const add = (file: string, f: Finding): void => void found.get(file)?.push(f);
  const firstBy = (key: string, file: string, seen: Map<string, string>): string | undefined => {
    const first = seen.get(key);
    if (first === undefined) seen.set(key, file);
    return first;
  };
  const ids = new Map<string, string>();
  const titles = new Map<string, string>();
  const names = new Map<string, string>();
  const known = new Set<string>();
  for (const { file, documents } of files) {
    for (const doc of documents) {
      for (const key of [doc.id, doc.name]) if (typeof key === 'string') known.add(key);
      if (typeof doc.id === 'string') {
        const first = firstBy(doc.id, file, ids);
        if (first !== undefined) add(file, finding('duplicate_rule_id', 'id', `id ${doc.id} is also used by ${first}`));
      }
      if (typeof doc.title === 'string') {
        const first = firstBy(doc.title.toLowerCase(), file, titles);
        if (first !== undefined && first !== file)
          add(file, finding('duplicate_title', 'title', `the title "${doc.title}" is also used by ${first}`));
      }
    }
    const first = firstBy(basename(file).toLowerCase(), file, names);
    if (first !== undefined) add(file, finding('duplicate_filename', '', `the file name ${basename(file)} is also used by ${first}`));
  }
  for (const { file, documents } of files) {
    for (const doc of documents) {
      const body = isPlainObject(doc.correlation) ? doc.correlation : isPlainObject(doc.filter) ? doc.filter : null;
      const kind = isPlainObject(doc.correlation) ? 'correlation' : 'filter';
      if (!body || !Array.isArray(body.rules)) continue;
      for (const reference of body.rules) {
        if (typeof reference === 'string' && !known.has(reference)) {
          add(file, finding('unknown_rule_reference', `${kind}.rules`, `${reference} is not the id or name of any rule in this set`));
        }
      }
    }
  }
  return found;
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
