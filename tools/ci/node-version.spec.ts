import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { satisfies } from 'semver';

// The Node release the project declares is written in several places; they must agree, and every installed
// package must accept it (otherwise `npm install` prints EBADENGINE warnings on the declared Node).
const repoRoot = resolve(__dirname, '../..');
const read = (path: string) => readFileSync(resolve(repoRoot, path), 'utf8');

const declared = read('.nvmrc').trim();
const rootPackage = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('the declared Node release', () => {
  it('is one exact release, the same in .nvmrc and .node-version', () => {
    expect(declared).toMatch(/^\d+\.\d+\.\d+$/);
    expect(read('.node-version').trim()).toBe(declared);
  });

  it('satisfies the project engines range and is an even (LTS) line', () => {
    expect(satisfies(declared, rootPackage.engines.node)).toBe(true);
    expect(Number(declared.split('.')[0]) % 2).toBe(0);
  });

  it('satisfies the engines range of every package in the lockfile', () => {
    const refused = Object.entries(lock.packages).flatMap(([path, pkg]) => {
      const range = pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined;
      return range && !satisfies(declared, range) ? [`${path || '(root)'} wants node ${range}`] : [];
    });
    expect(refused).toEqual([]);
  });

  it('is what CI installs, the image builds on and the bundles target', () => {
    expect(read('tools/ci/install-node.sh')).toContain(`  ${declared}) integrity='sha512-`);
    expect(read('deploy/Dockerfile')).toContain(`ARG NODE_IMAGE=node:${declared}-`);
    expect(read('tools/build.mjs')).toContain(`target: 'node${declared.split('.')[0]}'`);
    expect(read('README.md')).toContain(`Node.js ${declared.split('.')[0]}`);
  });
});
