import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// libs/contracts has one curated entry point per area (src/<area>/index.ts, imported as @huntforge/contracts/<area>)
// and a root entry for the shared files at the top of src (#36 item 8). Every public name is written down once, where
// its entry lists it: no `export *`, which would publish whatever a file happens to export, and no root copy of an
// area's list, which would have to be kept in step with it.

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

  it('keeps the root to the shared top-level files: no area, nothing deeper, no name an area also lists', () => {
    const root = namedReExports(read(join(contractsSrc, 'index.ts')));
    expect(root.length).toBeGreaterThan(3);
    const notShared = root.filter((statement) => !/^\.\/[\w-]+$/.test(statement.from) || areas().includes(statement.from.slice(2)));
    expect(notShared.map((statement) => statement.from)).toEqual([]);
    const rootNames = new Set(root.flatMap((statement) => statement.names));
    for (const area of areas()) {
      const listedTwice = namedReExports(read(join(contractsSrc, area, 'index.ts')))
        .flatMap((statement) => statement.names)
        .filter((name) => rootNames.has(name));
      expect({ area, listedTwice }).toEqual({ area, listedTwice: [] });
    }
  });
});
