import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const repoRoot = join(__dirname, '../..');

/**
 * Cycles tolerated while they are being removed, by source root; none today. Each entry is a cycle as this lint
 * prints it (starting at its alphabetically first unit). A cycle that disappears must leave this list too (the last
 * test says so).
 */
const KNOWN_CYCLES: Record<string, string[]> = {};

/** Every project's source root: apps/*, libs/* and libs/services/*. */
function sourceRoots(): string[] {
  return ['apps', 'libs', 'libs/services'].flatMap((top) =>
    readdirSync(join(repoRoot, top))
      .map((name) => `${top}/${name}/src`)
      .filter((src) => statSync(join(repoRoot, src), { throwIfNoEntry: false })?.isDirectory()),
  );
}

/** The file a relative import names (`./x` → x.ts, x.tsx or x/index.ts), relative to the source root. */
function resolveImport(src: string, fromFile: string, specifier: string): string | null {
  const base = normalize(join(src, dirname(fromFile), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return relative(src, candidate);
  }
  return null;
}

const isProduction = (path: string): boolean => !path.includes('.spec.') && !path.includes('test-support/');

/** Import edges between production files of one source root (specs and test support excluded). */
function importEdges(src: string): Array<[string, string]> {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((path) => /\.tsx?$/.test(path) && isProduction(path));
  return files.flatMap((file) =>
    [...readFileSync(join(src, file), 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)]
      .map((match) => resolveImport(src, file, match[1] ?? ''))
      .filter((target): target is string => target !== null && isProduction(target))
      .map((target): [string, string] => [file, target]),
  );
}

/**
 * Inside `folder`, the unit of a file below it: the child folder it sits in, or the file itself (without
 * extension) when it sits directly in `folder`.
 */
function unitIn(folder: string, path: string): string {
  const [first, ...rest] = (folder === '' ? path : path.slice(folder.length + 1)).split('/');
  return rest.length > 0 ? `${first}/` : (first ?? '').replace(/\.tsx?$/, '');
}

/** Every folder holding a file of an edge, the root ('') included. */
function foldersOf(edges: Array<[string, string]>): string[] {
  const folders = new Set<string>(['']);
  for (const path of edges.flat()) {
    const parts = path.split('/').slice(0, -1);
    parts.forEach((_, at) => folders.add(parts.slice(0, at + 1).join('/')));
  }
  return [...folders];
}

/** Edges between the units of one folder: what its files, wherever below, import from its other units. */
function unitGraph(folder: string, edges: Array<[string, string]>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const inside = (path: string): boolean => folder === '' || path.startsWith(`${folder}/`);
  for (const [from, to] of edges) {
    if (!inside(from) || !inside(to)) continue;
    const [a, b] = [unitIn(folder, from), unitIn(folder, to)];
    if (a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  return graph;
}

/** Each elementary cycle once, written from its alphabetically first unit. */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (node: string, path: string[]): void => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at < 0) {
        walk(next, [...path, next]);
        continue;
      }
      const cycle = path.slice(at);
      const start = cycle.indexOf([...cycle].sort()[0] ?? '');
      const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
      found.add([...rotated, rotated[0]].join(' → '));
    }
  };
  for (const node of graph.keys()) walk(node, [node]);
  return [...found].sort();
}

/** The cycles of every folder of one source root, prefixed with the folder when it is not the root. */
function cyclesUnder(src: string): string[] {
  const edges = importEdges(join(repoRoot, src));
  return foldersOf(edges).flatMap((folder) => cyclesOf(unitGraph(folder, edges)).map((cycle) => (folder ? `${folder}: ${cycle}` : cycle)));
}

describe('folders and files inside every app and lib', () => {
  const roots = sourceRoots();
  const found = new Map(roots.map((src) => [src, cyclesUnder(src)]));

  it('finds the apps, libs and services', () => {
    expect(roots).toEqual(expect.arrayContaining(['apps/gateway/src', 'libs/contracts/src', 'libs/services/workflow/src']));
    expect(roots.length).toBeGreaterThanOrEqual(25);
  });

  it('sees the import graph (a cycle made on purpose is found)', () => {
    const graph = new Map([
      ['a/', new Set(['b'])],
      ['b', new Set(['c/'])],
      ['c/', new Set(['a/'])],
    ]);
    expect(cyclesOf(graph)).toEqual(['a/ → b → c/ → a/']);
    expect(unitGraph('', importEdges(join(repoRoot, 'libs/services/workflow/src'))).size).toBeGreaterThan(1);
  });

  it.each(roots)('%s: imports between the folders or files of one folder never form a cycle', (src) => {
    const known = KNOWN_CYCLES[src] ?? [];
    expect((found.get(src) ?? []).filter((cycle) => !known.includes(cycle))).toEqual([]);
  });

  it('lists as known only cycles that still exist (remove an entry once its cycle is gone)', () => {
    const stale = Object.entries(KNOWN_CYCLES).flatMap(([src, cycles]) =>
      cycles.filter((cycle) => !(found.get(src) ?? []).includes(cycle)).map((cycle) => `${src}: ${cycle}`),
    );
    expect(stale).toEqual([]);
  });
});
