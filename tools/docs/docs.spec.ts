import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const repoRoot = resolve(__dirname, '../..');
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const DOCS = [
  'README.md',
  'CHANGELOG.md',
  'deploy/README.md',
  'libs/services/mcp/README.md',
  ...readdirSync(join(repoRoot, 'docs')).map((name) => `docs/${name}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

describe('the documentation', () => {
  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const doc of DOCS) {
      for (const [, target] of read(doc).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^(https?:|mailto:)/.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? join(repoRoot, doc) : resolve(repoRoot, dirname(doc), path);
        if (!existsSync(file)) {
          broken.push(`${doc} → ${target}`);
          continue;
        }
        if (anchor && file.endsWith('.md')) {
          const anchors = [...readFileSync(file, 'utf8').matchAll(/^#+ (.+)$/gm)].map((match) => anchorOf(match[1] ?? ''));
          if (!anchors.includes(anchor)) broken.push(`${doc} → ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('never points at design files that live outside the repository', () => {
    const files = ['apps', 'libs', 'tools', 'deploy', 'docs']
      .flatMap((top) => readdirSync(join(repoRoot, top), { recursive: true, encoding: 'utf8' }).map((path) => `${top}/${path}`))
      .filter(
        (path) => /\.(ts|tsx|mts|js|mjs|md|yaml|tpl|json)$|Dockerfile$/.test(path) && !/(^|\/)(node_modules|dist|generated)\//.test(path),
      )
      .concat(['README.md', 'eslint.config.mjs', 'jest.config.js']);
    const pointing = files.filter((path) => !path.endsWith('docs.spec.ts') && /\b(ARCHITECTURE|TOOLCHAIN)\.md\b/.test(read(path)));
    expect(pointing).toEqual([]);
  });

  it('gives a newcomer the README sections they look for', () => {
    const headings = [...read('README.md').matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(
      expect.arrayContaining([
        'Prerequisites',
        'Quick start',
        'Configuration',
        'Troubleshooting',
        'Upgrading',
        'Security model',
        'Licence',
      ]),
    );
  });
});
