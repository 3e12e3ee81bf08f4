/**
 * A local fake of the GitHub REST endpoints @octokit/rest uses to open a pull request: get a repo,
 * get/create a ref, put file contents, create a pull. State is kept in memory so tests can assert
 * the branch, the file and the pull request. A wrong bearer token answers 401 like GitHub.
 * Listens on 127.0.0.1 on a free port; point Octokit's `baseUrl` at `url`.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGithubPull {
  number: number;
  title: string;
  body: string;
  head: string;
  base: string;
  html_url: string;
}

export interface FakeGithubRepo {
  owner: string;
  name: string;
  defaultBranch: string;
  /** branch → commit sha */
  refs: Map<string, string>;
  /** branch → path → file text */
  files: Map<string, Map<string, string>>;
  pulls: FakeGithubPull[];
}

export interface FakeGithub {
  url: string;
  token: string;
  repo(fullName: string): FakeGithubRepo;
  /** `METHOD /path` of every request, in order. */
  requests: string[];
  /** Makes the next matching request fail with `status` (e.g. simulate GitHub being down), answering `message`. */
  failNext(pattern: RegExp, status: number, message?: string): void;
  close(): Promise<void>;
}

export async function startFakeGithub(options: { token?: string; repos?: string[] } = {}): Promise<FakeGithub> {
  const token = options.token ?? 'ghp_fake_test_token';
  const repos = new Map<string, FakeGithubRepo>();
  const requests: string[] = [];
  const failures: Array<{ pattern: RegExp; status: number; message?: string }> = [];
  for (const fullName of options.repos ?? ['acme/detections']) {
    const [owner, name] = fullName.split('/') as [string, string];
    repos.set(fullName, {
      owner,
      name,
      defaultBranch: 'main',
      refs: new Map([['main', sha('initial')]]),
      files: new Map([['main', new Map()]]),
      pulls: [],
    });
  }
  let pullCounter = 0;
  let baseUrl = '';

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    requests.push(`${method} ${path}`);
    const failure = failures.findIndex((f) => f.pattern.test(`${method} ${path}`));
    if (failure >= 0) {
      const [removed] = failures.splice(failure, 1);
      return send(res, removed?.status ?? 500, { message: removed?.message ?? 'simulated failure' });
    }
    if (req.headers.authorization !== `token ${token}` && req.headers.authorization !== `Bearer ${token}`) {
      return send(res, 401, { message: 'Bad credentials' });
    }
    const body = await readJson(req);
    const match = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    const repo = match ? repos.get(`${match[1]}/${match[2]}`) : undefined;
    if (!match || !repo) return send(res, 404, { message: 'Not Found' });
    const rest = match[3] ?? '';
    const full = `${repo.owner}/${repo.name}`;

    if (method === 'GET' && rest === '') {
      return send(res, 200, { name: repo.name, full_name: full, default_branch: repo.defaultBranch, owner: { login: repo.owner } });
    }
    let m: RegExpExecArray | null;
    if (method === 'GET' && (m = /^\/git\/ref\/heads\/(.+)$/.exec(rest))) {
      const commit = repo.refs.get(m[1] ?? '');
      if (!commit) return send(res, 404, { message: 'Not Found' });
      return send(res, 200, { ref: `refs/heads/${m[1]}`, object: { sha: commit, type: 'commit' } });
    }
    if (method === 'POST' && rest === '/git/refs') {
      const ref = String(body.ref ?? '').replace(/^refs\/heads\//, '');
      if (repo.refs.has(ref)) return send(res, 422, { message: 'Reference already exists' });
      repo.refs.set(ref, String(body.sha));
      const baseBranch = [...repo.refs.entries()].find(([, s]) => s === body.sha)?.[0] ?? repo.defaultBranch;
      repo.files.set(ref, new Map(repo.files.get(baseBranch) ?? []));
      return send(res, 201, { ref: `refs/heads/${ref}`, object: { sha: body.sha, type: 'commit' } });
    }
    if (method === 'PUT' && (m = /^\/contents\/(.+)$/.exec(rest))) {
      const branch = String(body.branch ?? repo.defaultBranch);
      const files = repo.files.get(branch);
      if (!files) return send(res, 404, { message: 'Branch not found' });
      if (typeof body.content !== 'string' || typeof body.message !== 'string')
        return send(res, 422, { message: 'content and message are required' });
      files.set(m[1] ?? '', Buffer.from(body.content, 'base64').toString('utf8'));
      const commit = sha(`${branch}:${m[1]}:${body.content}`);
      repo.refs.set(branch, commit);
      return send(res, 201, { content: { path: m[1], sha: sha(body.content) }, commit: { sha: commit } });
    }
    if (method === 'POST' && rest === '/pulls') {
      const head = String(body.head ?? '');
      if (!repo.refs.has(head)) return send(res, 422, { message: 'head branch does not exist' });
      const number = ++pullCounter;
      const pull: FakeGithubPull = {
        number,
        title: String(body.title ?? ''),
        body: String(body.body ?? ''),
        head,
        base: String(body.base ?? repo.defaultBranch),
        html_url: `${baseUrl}/${full}/pull/${number}`,
      };
      repo.pulls.push(pull);
      return send(res, 201, { ...pull, state: 'open' });
    }
    return send(res, 404, { message: 'Not Found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    token,
    requests,
    repo(fullName) {
      const repo = repos.get(fullName);
      if (!repo) throw new Error(`fake GitHub has no repository ${fullName}`);
      return repo;
    },
    failNext(pattern, status, message) {
      failures.push({ pattern, status, message });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function sha(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
