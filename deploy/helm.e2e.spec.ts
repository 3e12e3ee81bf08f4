import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { SERVICES, SERVICE_NAMES, UPSTREAM_SERVICE_NAMES, type ServiceName } from '@huntforge/contracts';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { chartDir, Helm, RELEASE } from './test-support/helm';
import { envByName, onlyContainer, plainValue, podSpecOf, RenderedChart, type Kind, type Workload } from './test-support/manifests';

const prefix = `${RELEASE}-huntforge`;
const objectName = (component: string) => `${prefix}-${component}`;
const SECRET = 'huntforge-credentials';
const SECRET_VARIABLES = ['DATABASE_URL', 'AMQP_URL', 'IDENTITY_SIGNING_KEY', 'SETTINGS_ENCRYPTION_KEY'];

// The distributed override exercised below: public through an Ingress, MCP served elsewhere or not at all.
const withIngressWithoutMcp = {
  ingress: {
    enabled: true,
    className: 'nginx',
    hosts: [{ host: 'hunt.example.org', paths: [{ path: '/', pathType: 'Prefix' }] }],
    tls: [{ secretName: 'hunt-tls', hosts: ['hunt.example.org'] }],
  },
  apps: { mcp: { enabled: false } },
};

// The documented production example: external PostgreSQL and RabbitMQ, autoscaling and backups on.
const externalExample = load(readFileSync(join(chartDir, 'values-external.example.yaml'), 'utf8')) as object;

let helm: Helm;
let defaults: RenderedChart;
let overridden: RenderedChart;
let production: RenderedChart;

beforeAll(() => {
  Helm.ensureInstalled();
  helm = new Helm();
  defaults = RenderedChart.parse(helm.render());
  overridden = RenderedChart.parse(helm.render(withIngressWithoutMcp));
  production = RenderedChart.parse(helm.render(externalExample));
}, 180_000);

afterAll(() => helm?.dispose());

const workloads = (chart: RenderedChart): Workload[] => [...chart.ofKind('Deployment'), ...chart.ofKind('Job'), ...chart.ofKind('CronJob')];
const appContainer = (chart: RenderedChart, app: ServiceName): IContainer => onlyContainer(chart.get('Deployment', objectName(app)));

describe('helm lint --strict', () => {
  it.each([
    ['default values', {}],
    ['ingress on, one app disabled', withIngressWithoutMcp],
    ['the external PostgreSQL and RabbitMQ example', externalExample],
  ])('passes with %s', (_label, values) => {
    const result = helm.lint(values);
    expect(result.stderr).not.toMatch(/\[(WARNING|ERROR)\]/);
    expect(result.stdout).toContain('1 chart(s) linted, 0 chart(s) failed');
    expect(result.status).toBe(0);
  });
});

describe('rendered objects', () => {
  it('renders a validated Deployment and Service per app, the migration hook, and nothing else by default', () => {
    const count = (kind: Kind) => defaults.ofKind(kind).length;
    expect(count('Deployment')).toBe(SERVICE_NAMES.length);
    expect(count('Service')).toBe(SERVICE_NAMES.length);
    expect(count('Job')).toBe(1);
    expect(
      defaults
        .ofKind('ServiceAccount')
        .map((sa) => sa.metadata?.name)
        .sort(),
    ).toEqual([prefix, objectName('migrations')]);
    // Default replicas: two for the gateway and the workflow workers, one elsewhere.
    expect(
      defaults
        .ofKind('PodDisruptionBudget')
        .map((pdb) => pdb.metadata?.name)
        .sort(),
    ).toEqual([objectName('gateway'), objectName('workflow')]);
    expect(count('Ingress')).toBe(0);
    // One NetworkPolicy per app behind the gateway.
    expect(count('NetworkPolicy')).toBe(SERVICE_NAMES.length - 1);
    expect(defaults.manifests).toHaveLength(SERVICE_NAMES.length * 2 + 1 + 2 + 2 + SERVICE_NAMES.length - 1);
  });

  it('lets only the gateway, mcp and Prometheus reach a service port, and nothing reach the gateway but its Service', () => {
    const components = (policy: (typeof defaults.manifests)[number]) =>
      (policy.kind === 'NetworkPolicy' ? (policy.spec?.ingress ?? []) : [])
        .flatMap((rule) => (rule.from ?? []).map((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/component']))
        .filter((component) => component !== undefined);
    for (const app of SERVICE_NAMES.filter((name) => name !== 'gateway')) {
      const policy = defaults.get('NetworkPolicy', objectName(app));
      expect(policy.spec?.podSelector.matchLabels?.['app.kubernetes.io/component']).toBe(app);
      expect(policy.spec?.policyTypes).toEqual(['Ingress']);
      expect(components(policy).sort()).toEqual(app === 'mcp' ? ['gateway'] : ['gateway', 'mcp']);
    }
    expect(defaults.ofKind('NetworkPolicy').map((p) => p.metadata?.name)).not.toContain(objectName('gateway'));
  });

  it('lets Prometheus scrape /metrics on the port every app pod advertises for it', () => {
    for (const app of SERVICE_NAMES.filter((name) => name !== 'gateway')) {
      const policy = defaults.get('NetworkPolicy', objectName(app));
      const container = appContainer(defaults, app);
      const annotations = defaults.get('Deployment', objectName(app)).spec?.template.metadata?.annotations ?? {};
      const port = container.ports?.find((candidate) => String(candidate.containerPort) === annotations['prometheus.io/port']);
      expect(annotations['prometheus.io/scrape']).toBe('true');
      const scrapeRule = policy.spec?.ingress?.find((rule) =>
        rule.from?.some((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'prometheus'),
      );
      expect(scrapeRule?.from).toEqual([
        { namespaceSelector: {}, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } } },
      ]);
      expect(scrapeRule?.ports?.map((rulePort) => rulePort.port)).toEqual([port?.name]);
    }
  });

  it('takes the scrapers from networkPolicy.metricsFrom, and none when it is empty', () => {
    const monitoring = [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }];
    const custom = RenderedChart.parse(helm.render({ networkPolicy: { metricsFrom: monitoring } }));
    const closed = RenderedChart.parse(helm.render({ networkPolicy: { metricsFrom: [] } }));
    for (const app of SERVICE_NAMES.filter((name) => name !== 'gateway')) {
      expect(custom.get('NetworkPolicy', objectName(app)).spec?.ingress?.[1]?.from).toEqual(monitoring);
      expect(closed.get('NetworkPolicy', objectName(app)).spec?.ingress).toHaveLength(1);
    }
  });

  it('gives each PodDisruptionBudget the selector of its Deployment', () => {
    for (const pdb of defaults.ofKind('PodDisruptionBudget')) {
      const deployment = defaults.get('Deployment', pdb.metadata?.name ?? 'missing');
      expect(pdb.spec?.selector?.matchLabels).toEqual(deployment.spec?.selector.matchLabels);
      expect(pdb.spec?.maxUnavailable).toBe(1);
    }
  });

  it('renders no Secret: credentials are never part of the chart', () => {
    // Checked on the raw output: parsing would reject an unexpected kind before any assertion ran.
    for (const values of [{}, withIngressWithoutMcp]) expect(helm.render(values)).not.toMatch(/^kind:\s*Secret\s*$/m);
  });
});

describe.each(SERVICE_NAMES.map((app) => [app]))('the %s app', (app) => {
  const port = SERVICES[app].defaultPort;

  it(`runs node dist/apps/${app}/main.js on port ${port}, bound to every interface, with auth required`, () => {
    const container = appContainer(defaults, app);
    expect(container.command).toEqual(['node', `dist/apps/${app}/main.js`]);
    expect(container.ports).toEqual([{ name: 'http', containerPort: port, protocol: 'TCP' }]);
    expect(plainValue(container, 'PORT')).toBe(String(port));
    expect(plainValue(container, 'HOST')).toBe('0.0.0.0');
    expect(plainValue(container, 'AUTH_MODE')).toBe('required');
    expect(plainValue(container, 'NODE_ENV')).toBe('production');
  });

  it('has startup, liveness and readiness probes on its own port', () => {
    const container = appContainer(defaults, app);
    const portOf = (probePort: number | string | undefined) =>
      typeof probePort === 'string' ? container.ports?.find((p) => p.name === probePort)?.containerPort : probePort;
    for (const [probe, path] of [
      [container.startupProbe, '/health/live'],
      [container.livenessProbe, '/health/live'],
      [container.readinessProbe, '/health/ready'],
    ] as const) {
      expect(probe?.httpGet?.path).toBe(path);
      expect(portOf(probe?.httpGet?.port)).toBe(port);
    }
  });

  it('is reached through a ClusterIP Service that selects exactly its pods', () => {
    const service = defaults.get('Service', objectName(app));
    const deployment = defaults.get('Deployment', objectName(app));
    expect(service.spec?.type).toBe('ClusterIP');
    expect(service.spec?.ports).toEqual([{ name: 'http', port, targetPort: 'http', protocol: 'TCP' }]);
    const podLabels = deployment.spec?.template.metadata?.labels ?? {};
    expect(service.spec?.selector).toEqual(deployment.spec?.selector.matchLabels);
    expect(service.spec?.selector).toMatchObject({ 'app.kubernetes.io/component': app });
    expect(podLabels).toMatchObject(service.spec?.selector ?? { missing: 'selector' });
  });

  it('drains before it stops: the grace period covers the preStop pause and SHUTDOWN_TIMEOUT_MS', () => {
    const deployment = defaults.get('Deployment', objectName(app));
    const container = onlyContainer(deployment);
    const shutdownSeconds = Number(plainValue(container, 'SHUTDOWN_TIMEOUT_MS')) / 1000;
    const preStop = Number(container.lifecycle?.preStop?.exec?.command?.[1]);
    expect(shutdownSeconds).toBe(15);
    expect(deployment.spec?.template.spec?.terminationGracePeriodSeconds).toBeGreaterThan(shutdownSeconds + preStop);
  });
});

describe('the gateway', () => {
  it.each(UPSTREAM_SERVICE_NAMES.map((app) => [app]))('finds %s at its in-cluster Service', (app) => {
    const { urlEnvVar, defaultPort } = SERVICES[app];
    const url = new URL(plainValue(appContainer(defaults, 'gateway'), urlEnvVar ?? 'missing'));
    const service = defaults.get('Service', url.hostname);
    expect(url.protocol).toBe('http:');
    expect(Number(url.port)).toBe(defaultPort);
    expect(service.spec?.selector?.['app.kubernetes.io/component']).toBe(app);
    expect(service.spec?.ports?.[0]?.port).toBe(defaultPort);
  });

  it('shares upstream URLs only with mcp, which forwards its writes to the owning apps (never its own URL)', () => {
    const urlVariables = UPSTREAM_SERVICE_NAMES.map((app) => SERVICES[app].urlEnvVar);
    for (const app of UPSTREAM_SERVICE_NAMES) {
      const names = [...envByName(appContainer(defaults, app)).keys()].filter((name) => urlVariables.includes(name));
      const expected = app === 'mcp' ? urlVariables.filter((name) => name !== SERVICES.mcp.urlEnvVar) : [];
      expect(names.sort()).toEqual([...expected].sort());
    }
  });

  it('is the only app an Ingress routes to', () => {
    const [ingress, ...others] = overridden.ofKind('Ingress');
    expect(others).toEqual([]);
    expect(ingress.spec?.ingressClassName).toBe('nginx');
    expect(ingress.spec?.tls).toEqual([{ secretName: 'hunt-tls', hosts: ['hunt.example.org'] }]);
    const paths = (ingress.spec?.rules ?? []).flatMap((rule) => rule.http?.paths ?? []);
    const backends = paths.map((path) => path.backend.service);
    expect(backends).toEqual([{ name: objectName('gateway'), port: { name: 'http' } }]);
  });

  it('lets the gateway answer to the ingress host names (ALLOWED_HOSTS) and to nothing else by default', () => {
    expect(plainValue(appContainer(overridden, 'gateway'), 'ALLOWED_HOSTS')).toBe('hunt.example.org');
    expect(envByName(appContainer(defaults, 'gateway')).has('ALLOWED_HOSTS')).toBe(false);
  });

  it('believes X-Forwarded-For from no proxy by default, and from config.trustedProxies when listed (TRUSTED_PROXIES)', () => {
    expect(envByName(appContainer(defaults, 'gateway')).has('TRUSTED_PROXIES')).toBe(false);
    const behindIngress = RenderedChart.parse(helm.render({ config: { trustedProxies: ['10.42.0.0/16', '192.168.1.7'] } }));
    expect(plainValue(appContainer(behindIngress, 'gateway'), 'TRUSTED_PROXIES')).toBe('10.42.0.0/16,192.168.1.7');
    expect(helm.template({ extraEnv: [{ name: 'TRUSTED_PROXIES', value: '0.0.0.0/0' }] }).stderr).toMatch(
      /sets TRUSTED_PROXIES, which the chart manages/,
    );
  });
});

describe('secrets', () => {
  const EXAMPLE_KEYS: Record<string, string> = {
    DATABASE_URL: 'database-url',
    AMQP_URL: 'amqp-url',
    IDENTITY_SIGNING_KEY: 'identity-signing-key',
    SETTINGS_ENCRYPTION_KEY: 'settings-encryption-key',
  };

  it.each([
    ['default values', () => defaults, SECRET, (name: string) => name],
    ['the override', () => overridden, SECRET, (name: string) => name],
    ['the external example', () => production, 'huntforge-prod-credentials', (name: string) => EXAMPLE_KEYS[name]],
  ])('reach every container (%s) only as references into the existing Secret', (_label, chart, secret, keyOf) => {
    for (const workload of workloads(chart())) {
      const container = onlyContainer(workload);
      const env = envByName(container);
      for (const name of SECRET_VARIABLES) {
        expect({ workload: workload.metadata?.name, name, ref: env.get(name)?.valueFrom?.secretKeyRef }).toEqual({
          workload: workload.metadata?.name,
          name,
          ref: { name: secret, key: keyOf(name) },
        });
      }
      for (const variable of env.values()) {
        // A plain value never carries credentials: no user:password@ in URLs, no secret-sounding names.
        if (variable.value === undefined) continue;
        expect(variable.value).not.toMatch(/\/\/[^/\s]*@/);
        expect(variable.name).not.toMatch(/KEY|SECRET|TOKEN|PASSWORD/);
      }
      for (const source of container.envFrom ?? []) expect(source.configMapRef ?? source.secretRef).toBeDefined();
    }
  });

  it('maps extra secret variables and envFrom sources as references, never values', () => {
    const chart = RenderedChart.parse(
      helm.render({
        extraSecretEnv: [{ name: 'OPENAI_API_KEY', key: 'openai-api-key', secret: 'providers', optional: true }],
        extraEnvFrom: [{ secretRef: { name: 'more-providers' } }],
      }),
    );
    for (const workload of workloads(chart)) {
      const container = onlyContainer(workload);
      expect(envByName(container).get('OPENAI_API_KEY')).toEqual({
        name: 'OPENAI_API_KEY',
        valueFrom: { secretKeyRef: { name: 'providers', key: 'openai-api-key', optional: true } },
      });
      expect(container.envFrom).toEqual([{ secretRef: { name: 'more-providers' } }]);
    }
  });

  it.each([
    ['extraEnv', { extraEnv: [{ name: 'AUTH_MODE', value: 'off' }] }, 'extraEnv sets AUTH_MODE'],
    [
      'an app env',
      { apps: { workflow: { env: [{ name: 'DATABASE_URL', value: 'postgresql://u:p@db/x' }] } } },
      'apps.workflow.env sets DATABASE_URL',
    ],
    ['extraSecretEnv', { extraSecretEnv: [{ name: 'AMQP_URL', key: 'other' }] }, 'extraSecretEnv sets AMQP_URL'],
  ])('refuses %s overriding a variable the chart manages', (_label, values, message) => {
    const result = helm.template(values);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
  });
});

describe('the migration Job', () => {
  const job = () => defaults.get('Job', objectName('migrations'));

  it('runs the CLI migrator as a pre-install and pre-upgrade hook', () => {
    const annotations = job().metadata?.annotations ?? {};
    expect(annotations['helm.sh/hook']?.split(',').sort()).toEqual(['pre-install', 'pre-upgrade']);
    expect(onlyContainer(job()).command).toEqual(['node', 'dist/apps/cli/main.js', 'db', 'migrate']);
    expect(job().spec?.template.spec?.restartPolicy).toBe('Never');
  });

  it('uses a ServiceAccount created by an earlier hook, since release objects do not exist yet', () => {
    const accountName = job().spec?.template.spec?.serviceAccountName;
    const account = defaults.get('ServiceAccount', accountName ?? 'missing');
    const weight = (annotations: Record<string, string> | undefined) => Number(annotations?.['helm.sh/hook-weight']);
    expect(account.metadata?.annotations?.['helm.sh/hook']).toBe(job().metadata?.annotations?.['helm.sh/hook']);
    expect(weight(account.metadata?.annotations)).toBeLessThan(weight(job().metadata?.annotations));
  });

  it('is left out when migrations are disabled', () => {
    const chart = RenderedChart.parse(helm.render({ migrations: { enabled: false } }));
    expect(chart.forComponent('migrations')).toEqual([]);
  });
});

describe('a disabled app', () => {
  it('renders nothing at all', () => {
    expect(
      defaults
        .forComponent('mcp')
        .map((m) => m.kind)
        .sort(),
    ).toEqual(['Deployment', 'NetworkPolicy', 'Service']);
    expect(overridden.forComponent('mcp')).toEqual([]);
    expect(overridden.ofKind('Deployment')).toHaveLength(SERVICE_NAMES.length - 1);
  });

  it('gives the gateway no URL for it, unless it runs elsewhere', () => {
    expect(envByName(appContainer(overridden, 'gateway')).has('MCP_URL')).toBe(false);
    const external = RenderedChart.parse(helm.render({ apps: { mcp: { enabled: false, externalUrl: 'https://mcp.internal:9000' } } }));
    expect(plainValue(appContainer(external, 'gateway'), 'MCP_URL')).toBe('https://mcp.internal:9000');
  });
});

describe('pod hardening', () => {
  it('runs every pod as non-root on a read-only root filesystem, writing only to emptyDirs', () => {
    for (const workload of [...workloads(defaults), ...workloads(production)]) {
      const pod = podSpecOf(workload);
      const container = onlyContainer(workload);
      expect(pod?.securityContext?.runAsNonRoot).toBe(true);
      expect(pod?.automountServiceAccountToken).toBe(false);
      expect(container.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
      const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
      const volume = pod?.volumes?.find((v) => v.name === tmp?.name);
      expect(volume?.emptyDir).toBeDefined();
    }
  });

  it('derives the grace period from SHUTDOWN_TIMEOUT_MS', () => {
    const chart = RenderedChart.parse(helm.render({ config: { shutdownTimeoutMs: 30_000 }, preStopSleepSeconds: 0 }));
    const deployment = chart.get('Deployment', objectName('workflow'));
    expect(plainValue(onlyContainer(deployment), 'SHUTDOWN_TIMEOUT_MS')).toBe('30000');
    expect(onlyContainer(deployment).lifecycle).toBeUndefined();
    expect(deployment.spec?.template.spec?.terminationGracePeriodSeconds).toBe(35);
  });
});

describe('scheduling and identity overrides', () => {
  let rendered: RenderedChart;
  beforeAll(() => {
    rendered = RenderedChart.parse(
      helm.render({
        serviceAccount: { create: false, name: 'platform-sa' },
        image: { digest: `sha256:${'ab'.repeat(32)}` },
        topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway' }],
        apps: { gateway: { serviceType: 'LoadBalancer' } },
      }),
    );
  });

  it('uses an existing ServiceAccount everywhere and creates none', () => {
    expect(rendered.ofKind('ServiceAccount')).toEqual([]);
    const accounts = workloads(rendered).map((workload) => podSpecOf(workload)?.serviceAccountName);
    expect(new Set(accounts)).toEqual(new Set(['platform-sa']));
  });

  it('pins the image by digest and spreads each app over zones by its own pods', () => {
    for (const app of SERVICE_NAMES) {
      const deployment = rendered.get('Deployment', objectName(app));
      expect(onlyContainer(deployment).image).toBe(`registry.example.com/huntforge@sha256:${'ab'.repeat(32)}`);
      expect(deployment.spec?.template.spec?.topologySpreadConstraints).toEqual([
        {
          maxSkew: 1,
          topologyKey: 'topology.kubernetes.io/zone',
          whenUnsatisfiable: 'ScheduleAnyway',
          labelSelector: { matchLabels: deployment.spec?.selector.matchLabels },
        },
      ]);
    }
  });

  it('lets only the gateway Service change type', () => {
    const types = rendered.ofKind('Service').map((service) => [service.metadata?.name, service.spec?.type]);
    expect(Object.fromEntries(types)).toEqual({
      ...Object.fromEntries(UPSTREAM_SERVICE_NAMES.map((app) => [objectName(app), 'ClusterIP'])),
      [objectName('gateway')]: 'LoadBalancer',
    });
  });
});

describe('values validation', () => {
  it.each([
    ['an unknown app', { apps: { billing: { enabled: true, port: 9000, replicas: 1 } } }, 'property billing'],
    ['exposing an internal app', { apps: { workflow: { serviceType: 'LoadBalancer' } } }, 'apps.workflow'],
    ['an empty existingSecret', { existingSecret: '' }, 'existingSecret'],
    ['an Ingress without the gateway', { ingress: { enabled: true }, apps: { gateway: { enabled: false } } }, 'routes to the gateway only'],
  ])('refuses %s', (_label, values, message) => {
    const result = helm.template(values);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
  });
});

describe('autoscaling', () => {
  const AUTOSCALED = ['content-filter', 'workflow'];

  it('renders no HorizontalPodAutoscaler unless asked', () => {
    expect(defaults.ofKind('HorizontalPodAutoscaler')).toEqual([]);
    for (const app of SERVICE_NAMES) expect(defaults.get('Deployment', objectName(app)).spec?.replicas).toBeGreaterThan(0);
  });

  it('scales workflow and content-filter on CPU within the values bounds, and leaves their replica count to the autoscaler', () => {
    const hpas = production.ofKind('HorizontalPodAutoscaler');
    expect(hpas.map((hpa) => hpa.metadata?.name).sort()).toEqual(AUTOSCALED.map(objectName));
    const bounds: Record<string, [number, number, number]> = { workflow: [2, 10, 70], 'content-filter': [2, 6, 75] };
    for (const app of AUTOSCALED) {
      const hpa = production.get('HorizontalPodAutoscaler', objectName(app));
      const deployment = production.get('Deployment', objectName(app));
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec?.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata?.name });
      const [min, max, cpu] = bounds[app];
      expect([hpa.spec?.minReplicas, hpa.spec?.maxReplicas]).toEqual([min, max]);
      expect(hpa.spec?.metrics).toEqual([
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cpu } } },
      ]);
      expect(deployment.spec?.replicas).toBeUndefined();
      // CPU utilisation is a share of the request, so the scaled container must have one.
      expect(onlyContainer(deployment).resources?.requests?.['cpu']).toBeDefined();
      // Two pods at least, so a node drain never takes the last one: a disruption budget covers them.
      expect(production.get('PodDisruptionBudget', objectName(app)).spec?.selector?.matchLabels).toEqual(
        deployment.spec?.selector.matchLabels,
      );
    }
    expect(production.get('Deployment', objectName('gateway')).spec?.replicas).toBe(2);
  });

  it.each([
    [
      'no CPU request',
      { apps: { workflow: { autoscaling: { enabled: true }, resources: { requests: { cpu: null } } } } },
      'apps.workflow.autoscaling needs apps.workflow.resources.requests.cpu',
    ],
    [
      'a minimum above the maximum',
      { apps: { 'content-filter': { autoscaling: { enabled: true, minReplicas: 5, maxReplicas: 3 } } } },
      'minReplicas (5) is above maxReplicas (3)',
    ],
    [
      'an unknown autoscaling setting',
      { apps: { workflow: { autoscaling: { enabled: true, targetQueueDepth: 10 } } } },
      'targetQueueDepth',
    ],
  ])('refuses %s', (_label, values, message) => {
    const result = helm.template(values);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
  });
});

describe('resources', () => {
  it('gives every container CPU and memory requests and a memory limit, from values', () => {
    for (const chart of [defaults, production]) {
      for (const workload of workloads(chart)) {
        const resources = onlyContainer(workload).resources;
        expect({
          name: workload.metadata?.name,
          cpu: resources?.requests?.['cpu'] !== undefined,
          memory: resources?.requests?.['memory'] !== undefined,
          limit: resources?.limits?.['memory'] !== undefined,
        }).toEqual({
          name: workload.metadata?.name,
          cpu: true,
          memory: true,
          limit: true,
        });
      }
    }
    const chart = RenderedChart.parse(
      helm.render({
        apps: { 'content-filter': { resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '2', memory: '2Gi' } } } },
        backup: { enabled: true, resources: { requests: { cpu: '50m', memory: '128Mi' }, limits: { memory: '512Mi' } } },
        migrations: { resources: { requests: { cpu: '10m', memory: '64Mi' }, limits: { memory: '128Mi' } } },
      }),
    );
    expect(onlyContainer(chart.get('Deployment', objectName('content-filter'))).resources).toEqual({
      requests: { cpu: '1', memory: '1Gi' },
      limits: { cpu: '2', memory: '2Gi' },
    });
    expect(onlyContainer(chart.get('CronJob', objectName('backup'))).resources).toEqual({
      requests: { cpu: '50m', memory: '128Mi' },
      limits: { memory: '512Mi' },
    });
    expect(onlyContainer(chart.get('Job', objectName('migrations'))).resources).toEqual({
      requests: { cpu: '10m', memory: '64Mi' },
      limits: { memory: '128Mi' },
    });
  });
});

describe('Prometheus scraping', () => {
  it.each(SERVICE_NAMES.map((app) => [app]))('annotates the %s pods with its own port and /metrics', (app) => {
    const template = defaults.get('Deployment', objectName(app)).spec?.template;
    const port = onlyContainer(defaults.get('Deployment', objectName(app))).ports?.[0]?.containerPort;
    expect(template?.metadata?.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(SERVICES[app].defaultPort),
      'prometheus.io/path': '/metrics',
    });
    expect(port).toBe(SERVICES[app].defaultPort);
  });

  it('does not annotate the one-off Jobs, keeps podAnnotations, and can be turned off', () => {
    expect(defaults.get('Job', objectName('migrations')).spec?.template.metadata?.annotations).toBeUndefined();
    const chart = RenderedChart.parse(
      helm.render({ podAnnotations: { 'team.example/owner': 'detections', 'prometheus.io/path': '/custom' } }),
    );
    expect(chart.get('Deployment', objectName('workflow')).spec?.template.metadata?.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': '8082',
      'prometheus.io/path': '/custom',
      'team.example/owner': 'detections',
    });
    const off = RenderedChart.parse(helm.render({ metrics: { scrapeAnnotations: false } }));
    for (const deployment of off.ofKind('Deployment')) expect(deployment.spec?.template.metadata?.annotations).toBeUndefined();
  });
});

describe('backups', () => {
  const backupDir = '/var/backups/huntforge';

  it('renders no backup objects unless enabled', () => {
    expect(defaults.ofKind('CronJob')).toEqual([]);
    expect(defaults.ofKind('PersistentVolumeClaim')).toEqual([]);
    expect(defaults.forComponent('backup')).toEqual([]);
  });

  it.each([
    ['backup', '0 2 * * *', 'create'],
    ['backup-prune', '0 3 * * 0', 'prune'],
  ])('runs `huntforge backup` as the %s CronJob on "%s" (%s), one at a time, into BACKUP_DIR on the claim', (name, schedule, command) => {
    const cron = production.get('CronJob', objectName(name));
    const container = onlyContainer(cron);
    expect(cron.spec?.schedule).toBe(schedule);
    expect(cron.spec?.timeZone).toBe('Etc/UTC');
    expect(cron.spec?.concurrencyPolicy).toBe('Forbid');
    expect(container.command).toEqual(['node', 'apps/cli/bin/huntforge.js', 'backup', command]);
    expect(plainValue(container, 'BACKUP_DIR')).toBe(backupDir);
    const mount = container.volumeMounts?.find((m) => m.mountPath === backupDir);
    const volume = podSpecOf(cron)?.volumes?.find((v) => v.name === mount?.name);
    expect(volume?.persistentVolumeClaim?.claimName).toBe('huntforge-backups');
    expect(podSpecOf(cron)?.restartPolicy).toBe('Never');
  });

  it('creates a claim that outlives the release when no existing one is named', () => {
    const chart = RenderedChart.parse(
      helm.render({ backup: { enabled: true, schedule: '30 1 * * *', persistence: { size: '50Gi', storageClassName: 'fast' } } }),
    );
    const claim = chart.get('PersistentVolumeClaim', objectName('backups'));
    expect(claim.metadata?.annotations?.['helm.sh/resource-policy']).toBe('keep');
    expect(claim.spec?.resources?.requests?.['storage']).toBe('50Gi');
    expect(claim.spec?.storageClassName).toBe('fast');
    const cron = chart.get('CronJob', objectName('backup'));
    expect(cron.spec?.schedule).toBe('30 1 * * *');
    expect(podSpecOf(cron)?.volumes?.find((v) => v.name === 'backups')?.persistentVolumeClaim?.claimName).toBe(claim.metadata?.name);
    expect(production.ofKind('PersistentVolumeClaim')).toEqual([]);
  });

  it('refuses a BACKUP_DIR set through extraEnv (the chart manages it)', () => {
    const result = helm.template({ backup: { enabled: true }, extraEnv: [{ name: 'BACKUP_DIR', value: '/elsewhere' }] });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('extraEnv sets BACKUP_DIR');
  });
});

describe('model artifacts', () => {
  it('need no shared volume: every app pod mounts only its own emptyDirs, so content-filter can scale out', () => {
    for (const deployment of production.ofKind('Deployment')) {
      const volumes = podSpecOf(deployment)?.volumes ?? [];
      expect(volumes.map((volume) => [volume.name, volume.emptyDir !== undefined])).toEqual([
        ['tmp', true],
        ['data', true],
      ]);
    }
  });
});
