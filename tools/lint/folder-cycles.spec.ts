import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const servicesRoot = join(__dirname, '../../libs/services');

/** A service's unit of layering: its first-level folder, or the file itself at the top (module.ts, index.ts). */
function unitOf(pathInSrc: string): string {
  const [first, ...rest] = pathInSrc.split('/');
  return rest.length > 0 ? `${first}/` : (first ?? '').replace(/\.ts$/, '');
}

/** Edges between units of one service's production code (specs and test support excluded). */
function unitGraph(src: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (path) => path.endsWith('.ts') && !path.includes('.spec.') && !path.includes('test-support/'),
  );
  for (const file of files) {
    const from = unitOf(file);
    for (const match of readFileSync(join(src, file), 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const target = relative(src, normalize(join(src, dirname(file), match[1] ?? '')));
      const to = unitOf(statSync(join(src, target), { throwIfNoEntry: false })?.isDirectory() ? `${target}/index.ts` : target);
      if (to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (node: string, path: string[]): void => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) found.add([...path.slice(at), next].join(' → '));
      else walk(next, [...path, next]);
    }
  };
  for (const node of graph.keys()) walk(node, [node]);
  return [...found];
}

describe('folders inside a service', () => {
  const services = readdirSync(servicesRoot).filter((name) =>
    statSync(join(servicesRoot, name, 'src'), { throwIfNoEntry: false })?.isDirectory(),
  );

  it('finds the services', () => {
    expect(services.length).toBeGreaterThanOrEqual(6);
  });

  it.each(services)('%s: imports between its folders never form a cycle', (service) => {
    const graph = unitGraph(join(servicesRoot, service, 'src'));
    expect(graph.size).toBeGreaterThan(1);
    expect(cyclesOf(graph)).toEqual([]);
  });
});
