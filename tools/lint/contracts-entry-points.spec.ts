import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// libs/contracts has one curated entry point per area (src/<area>/index.ts, imported as @huntforge/contracts/<area>)
// and a root entry that re-exports them by name (#36 item 8). Every public name is written down where its area
// lists it: no `export *`, which would publish whatever a file happens to export.

const repoRoot = join(__dirname, '../..');
const contractsSrc = join(repoRoot, 'libs/contracts/src');

const read = (path: string): string => readFileSync(path, 'utf8');
const withoutComments = (code: string): string => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

/** The folders directly under libs/contracts/src: each is an area. */
function areas(): string[] {
  return readdirSync(contractsSrc)
    .filter((name) => statSync(join(contractsSrc, name)).isDirectory())
    .sort();
}

/** `export { a, type B, c as d } from '<from>'` statements of a file: the names they publish, by specifier. */
function namedReExports(code: string): Array<{ from: string; names: string[] }> {
  return [...withoutComments(code).matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)].map((match) => ({
    from: match[2] ?? '',
    names: (match[1] ?? '')
      .split(',')
      .map((spec) => spec.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((spec) => spec.split(/\s+as\s+/).pop() ?? spec),
  }));
}

describe('libs/contracts entry points', () => {
  it('has no `export *` in any file', () => {
    const files = readdirSync(contractsSrc, { recursive: true, encoding: 'utf8' }).filter((path) => /\.tsx?$/.test(path));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((path) => /^\s*export\s+(?:type\s+)?\*/m.test(withoutComments(read(join(contractsSrc, path)))));
    expect(offenders).toEqual([]);
  });

  it('gives every area a curated entry point that tsconfig maps to @huntforge/contracts/<area>', () => {
    const { compilerOptions } = JSON.parse(read(join(repoRoot, 'tsconfig.base.json'))) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    expect(areas().length).toBeGreaterThan(10);
    for (const area of areas()) {
      expect(statSync(join(contractsSrc, area, 'index.ts'), { throwIfNoEntry: false })?.isFile()).toBe(true);
      expect(compilerOptions.paths[`@huntforge/contracts/${area}`]).toEqual([`libs/contracts/src/${area}/index.ts`]);
      expect(namedReExports(read(join(contractsSrc, area, 'index.ts'))).length).toBeGreaterThan(0);
    }
  });

  it('re-exports every name of every area entry from the root, through the area entry and nothing deeper', () => {
    const root = namedReExports(read(join(contractsSrc, 'index.ts')));
    const deeper = root.filter((statement) => statement.from.split('/').length > 2);
    expect(deeper.map((statement) => statement.from)).toEqual([]);
    for (const area of areas()) {
      const listed = namedReExports(read(join(contractsSrc, area, 'index.ts'))).flatMap((statement) => statement.names);
      const reExported = root.filter((statement) => statement.from === `./${area}`).flatMap((statement) => statement.names);
      expect({ area, names: [...reExported].sort() }).toEqual({ area, names: [...listed].sort() });
    }
  });
});
