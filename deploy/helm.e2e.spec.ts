import { SERVICES, SERVICE_NAMES, UPSTREAM_SERVICE_NAMES, type ServiceName } from '@huntforge/contracts';
import type { Deployment } from 'kubernetes-models/apps/v1';
import type { Job } from 'kubernetes-models/batch/v1';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { Helm, RELEASE } from './test-support/helm';
import { envByName, onlyContainer, plainValue, RenderedChart, type Kind } from './test-support/manifests';

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

let helm: Helm;
let defaults: RenderedChart;
let overridden: RenderedChart;

beforeAll(() => {
  Helm.ensureInstalled();
  helm = new Helm();
  defaults = RenderedChart.parse(helm.render());
  overridden = RenderedChart.parse(helm.render(withIngressWithoutMcp));
}, 180_000);

afterAll(() => helm?.dispose());

const workloads = (chart: RenderedChart): (Deployment | Job)[] => [
  ...chart.ofKind('Deployment'),
  ...chart.ofKind('Job'),
];
const appContainer = (chart: RenderedChart, app: ServiceName): IContainer =>
  onlyContainer(chart.get('Deployment', objectName(app)));

describe('helm lint --strict', () => {
  it.each([
    ['default values', {}],
    ['ingress on, one app disabled', withIngressWithoutMcp],
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
    expect(defaults.ofKind('ServiceAccount').map((sa) => sa.metadata?.name).sort()).toEqual([
      prefix,
      objectName('migrations'),
    ]);
    // Default replicas: two for the gateway and the workflow workers, one elsewhere.
    expect(defaults.ofKind('PodDisruptionBudget').map((pdb) => pdb.metadata?.name).sort()).toEqual([
      objectName('gateway'),
      objectName('workflow'),
    ]);
    expect(count('Ingress')).toBe(0);
    // One NetworkPolicy per app behind the gateway.
    expect(count('NetworkPolicy')).toBe(SERVICE_NAMES.length - 1);
    expect(defaults.manifests).toHaveLength(SERVICE_NAMES.length * 2 + 1 + 2 + 2 + SERVICE_NAMES.length - 1);
  });

  it('lets only the gateway and mcp reach a service port, and nothing reach the gateway but its Service', () => {
    const components = (policy: (typeof defaults.manifests)[number]) =>
      (policy.kind === 'NetworkPolicy' ? (policy.spec?.ingress ?? []) : []).flatMap((rule) => (rule.from ?? []).map((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/component']));
    for (const app of SERVICE_NAMES.filter((name) => name !== 'gateway')) {
      const policy = defaults.get('NetworkPolicy', objectName(app));
      expect(policy.spec?.podSelector.matchLabels?.['app.kubernetes.io/component']).toBe(app);
      expect(policy.spec?.policyTypes).toEqual(['Ingress']);
      expect(components(policy).sort()).toEqual(app === 'mcp' ? ['gateway'] : ['gateway', 'mcp']);
    }
    expect(defaults.ofKind('NetworkPolicy').map((p) => p.metadata?.name)).not.toContain(objectName('gateway'));
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
});

describe('secrets', () => {
  it.each([
    ['default values', () => defaults],
    ['the override', () => overridden],
  ])('reach every container (%s) only as references into the existing Secret', (_label, chart) => {
    for (const workload of workloads(chart())) {
      const container = onlyContainer(workload);
      const env = envByName(container);
      for (const name of SECRET_VARIABLES) {
        expect({ workload: workload.metadata?.name, name, ref: env.get(name)?.valueFrom?.secretKeyRef }).toEqual({
          workload: workload.metadata?.name,
          name,
          ref: { name: SECRET, key: name },
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
    expect(defaults.forComponent('mcp').map((m) => m.kind).sort()).toEqual(['Deployment', 'NetworkPolicy', 'Service']);
    expect(overridden.forComponent('mcp')).toEqual([]);
    expect(overridden.ofKind('Deployment')).toHaveLength(SERVICE_NAMES.length - 1);
  });

  it('gives the gateway no URL for it, unless it runs elsewhere', () => {
    expect(envByName(appContainer(overridden, 'gateway')).has('MCP_URL')).toBe(false);
    const external = RenderedChart.parse(
      helm.render({ apps: { mcp: { enabled: false, externalUrl: 'https://mcp.internal:9000' } } }),
    );
    expect(plainValue(appContainer(external, 'gateway'), 'MCP_URL')).toBe('https://mcp.internal:9000');
  });
});

describe('pod hardening', () => {
  it('runs every pod as non-root on a read-only root filesystem, writing only to emptyDirs', () => {
    for (const workload of workloads(defaults)) {
      const pod = workload.spec?.template.spec;
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
        topologySpreadConstraints: [
          { maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway' },
        ],
        apps: { gateway: { serviceType: 'LoadBalancer' } },
      }),
    );
  });

  it('uses an existing ServiceAccount everywhere and creates none', () => {
    expect(rendered.ofKind('ServiceAccount')).toEqual([]);
    const accounts = workloads(rendered).map((workload) => workload.spec?.template.spec?.serviceAccountName);
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
    const types = rendered
      .ofKind('Service')
      .map((service) => [service.metadata?.name, service.spec?.type]);
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
    [
      'an Ingress without the gateway',
      { ingress: { enabled: true }, apps: { gateway: { enabled: false } } },
      'routes to the gateway only',
    ],
  ])('refuses %s', (_label, values, message) => {
    const result = helm.template(values);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
  });
});
