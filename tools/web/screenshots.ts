// `npm run screenshots [-- --url http://127.0.0.1:8080]`: a PNG of every page in both themes, at 1280 and 390 px,
// into tmp/screenshots (ignored). Start the service first (`npm start`); pages with data look like they
// will for users, an empty install shows the empty states. Console errors are printed. With AUTH_MODE=required
// pass `--token hf_…` (or HUNTFORGE_TOKEN): the sign-in page is captured, then each page signed in.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchChromium } from '@huntforge/test-kit';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const baseUrl = (argument('url') ?? process.env.HUNTFORGE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const outDir = resolve(argument('out') ?? join(__dirname, '..', '..', 'tmp', 'screenshots'));
const extra = (argument('pages') ?? '').split(',').filter(Boolean);
const token = argument('token') ?? process.env.HUNTFORGE_TOKEN;
const PAGES = [
  '/',
  '/articles',
  '/sources',
  '/workflow#executions',
  '/workflow#queue',
  '/workflow#config',
  '/mlops',
  '/mlops/agent-evals',
  '/mlops/agent-evals2',
  '/mcp-requests',
  '/settings',
  '/no-such-page',
  ...extra,
];

/** The detail views of the newest article and execution, when the install has any (an empty one has none to show). */
async function detailPages(): Promise<string[]> {
  const get = async <T>(path: string): Promise<T | null> => {
    const response = await fetch(`${baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => null);
    return response?.ok ? ((await response.json()) as T) : null;
  };
  const articles = await get<{ articles: Array<{ id: number }> }>('/api/articles?limit=1');
  const executions = await get<{ executions: Array<{ id: number }> }>('/api/workflow/executions?limit=1');
  return [
    ...(articles?.articles[0] ? [`/articles/${articles.articles[0].id}`] : []),
    ...(executions?.executions[0] ? [`/workflow?execution=${executions.executions[0].id}#executions`] : []),
  ];
}
/** A desktop and a phone (the layout must not scroll sideways at 390 px; a page that does is reported). */
const WIDTHS = [1280, 390] as const;

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const pages = [...PAGES, ...(await detailPages())];
  const browser = await launchChromium();
  try {
    for (const [theme, width] of (['light', 'dark'] as const).flatMap((entry) => WIDTHS.map((size) => [entry, size] as const))) {
      const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, colorScheme: theme });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') console.log(`[${theme}] console: ${message.text()}`);
      });
      page.on('pageerror', (error) => console.log(`[${theme}] page error: ${error.message}`));
      if (token) {
        await page.goto(`${baseUrl}/signin?theme=${theme}`, { waitUntil: 'networkidle' });
        await page.screenshot({ path: join(outDir, `signin-${theme}-${width}.png`), fullPage: true });
        await page.getByLabel('API token').fill(token);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL((url) => url.pathname !== '/signin');
      }
      for (const path of pages) {
        const [pathname = '', hash] = path.split('#');
        const separator = pathname.includes('?') ? '&' : '?';
        await page.goto(`${baseUrl}${pathname}${separator}theme=${theme}${hash ? `#${hash}` : ''}`, { waitUntil: 'networkidle' });
        // On a busy machine the bundle may still be starting when the network first goes quiet: wait for the
        // loading states (queries, lazily loaded pages and charts) to end, then for what they fetched.
        await page
          .waitForFunction(
            () => document.querySelector('h1') !== null && document.querySelector('[aria-busy="true"]') === null,
            undefined,
            { timeout: 20_000 },
          )
          .catch(() => console.log(`[${theme}] ${path}: still loading after 20 s`));
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const name = `${pathname.replace(/[/?=]/g, '_').replace(/^_/, '') || 'dashboard'}${hash ? `-${hash}` : ''}-${theme}-${width}.png`;
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) console.log(`[${theme} ${width}] ${path}: the page is ${scrollWidth} px wide (scrolls sideways)`);
        // Scroll the page through first, as a reader would: the YAML editor (CodeMirror) measures its wrapped lines
        // only once they are in view, and a full-page capture of a never-scrolled page shows its line numbers astray.
        await page.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForTimeout(200);
        await page.screenshot({ path: join(outDir, name), fullPage: true });
        console.log(`saved ${join(outDir, name)}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
