import { loadAll } from 'js-yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { PersistentVolumeClaim, Service, ServiceAccount } from 'kubernetes-models/v1';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import type { IEnvVar } from 'kubernetes-models/v1/EnvVar';

/** Every kind the chart may render; anything else is a test failure, not a silent pass. */
export type Manifest =
  | Deployment
  | Service
  | ServiceAccount
  | Job
  | CronJob
  | Ingress
  | PodDisruptionBudget
  | NetworkPolicy
  | HorizontalPodAutoscaler
  | PersistentVolumeClaim;
/** Objects that run pods. */
export type Workload = Deployment | Job | CronJob;
export type Kind = Manifest['kind'];
type OfKind<K extends Kind> = Extract<Manifest, { kind: K }>;

/**
 * Parses `helm template` output and validates each document against the Kubernetes OpenAPI schema
 * (kubernetes-models): a wrong type or a missing required field throws here, naming the object.
 */
export class RenderedChart {
  private constructor(readonly manifests: readonly Manifest[]) {}

  static parse(rendered: string): RenderedChart {
    const documents = loadAll(rendered).filter((doc) => doc !== null && doc !== undefined);
    return new RenderedChart(documents.map(toValidatedModel));
  }

  ofKind<K extends Kind>(kind: K): OfKind<K>[] {
    return this.manifests.filter((m): m is OfKind<K> => m.kind === kind);
  }

  get<K extends Kind>(kind: K, name: string): OfKind<K> {
    const found = this.ofKind(kind).find((m) => m.metadata?.name === name);
    if (!found) {
      const names = this.ofKind(kind).map((m) => m.metadata?.name);
      throw new Error(`no ${kind} named ${name} (rendered: ${names.join(', ') || 'none'})`);
    }
    return found;
  }

  /** Every object labelled as part of one component (an app, or "migrations"). */
  forComponent(component: string): Manifest[] {
    return this.manifests.filter((m) => m.metadata?.labels?.['app.kubernetes.io/component'] === component);
  }
}

function toValidatedModel(doc: unknown): Manifest {
  const model = toModel(doc);
  try {
    model.validate();
  } catch (error) {
    throw new Error(`${model.kind} ${model.metadata?.name ?? '?'} is not a valid Kubernetes object: ${String(error)}`);
  }
  return model;
}

function toModel(doc: unknown): Manifest {
  if (Deployment.is(doc)) return new Deployment(doc);
  if (Service.is(doc)) return new Service(doc);
  if (ServiceAccount.is(doc)) return new ServiceAccount(doc);
  if (Job.is(doc)) return new Job(doc);
  if (Ingress.is(doc)) return new Ingress(doc);
  if (PodDisruptionBudget.is(doc)) return new PodDisruptionBudget(doc);
  if (NetworkPolicy.is(doc)) return new NetworkPolicy(doc);
  if (CronJob.is(doc)) return new CronJob(doc);
  if (HorizontalPodAutoscaler.is(doc)) return new HorizontalPodAutoscaler(doc);
  if (PersistentVolumeClaim.is(doc)) return new PersistentVolumeClaim(doc);
  throw new Error(`the chart rendered an object the tests do not know: ${JSON.stringify(doc).slice(0, 200)}`);
}

/** The pod template a workload runs (a CronJob's sits inside its job template). */
export function podTemplateOf(workload: Workload): IPodTemplateSpec | undefined {
  return workload.kind === 'CronJob' ? workload.spec?.jobTemplate.spec?.template : workload.spec?.template;
}

export function podSpecOf(workload: Workload): IPodSpec | undefined {
  return podTemplateOf(workload)?.spec;
}

export function onlyContainer(workload: Workload): IContainer {
  const containers = podSpecOf(workload)?.containers ?? [];
  if (containers.length !== 1) {
    throw new Error(`${workload.metadata?.name} has ${containers.length} containers; expected exactly one`);
  }
  return containers[0];
}

export function envByName(container: IContainer): Map<string, IEnvVar> {
  const env = new Map<string, IEnvVar>();
  for (const variable of container.env ?? []) {
    if (env.has(variable.name)) throw new Error(`${container.name} sets ${variable.name} twice`);
    env.set(variable.name, variable);
  }
  return env;
}

/** The literal value of a plain variable; throws when it is missing or comes from a reference. */
export function plainValue(container: IContainer, name: string): string {
  const variable = envByName(container).get(name);
  if (variable?.value === undefined) throw new Error(`${container.name} has no plain value for ${name}`);
  return variable.value;
}
