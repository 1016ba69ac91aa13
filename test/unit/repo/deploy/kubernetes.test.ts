import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { readServeConfig } from '../../../../src/main/cli/monitor-serve/serve-config-file';
import { readToken } from '../../../../src/main/cli/monitor-serve/serve-token';
import {
  argAfter,
  envOf,
  execForm,
  instructionsOf,
  readAlertRules,
  readContainerfile,
  runNode,
  type Stage,
} from '../../../support/deploy-files';
import { startScriptedServer } from '../../../support/scripted-server';
import { missingTool, runTool } from '../../../support/system-tools';

/*
 * The Kubernetes manifests (deploy/kubernetes), held against each other, the image and the
 * monitor's own checks: a non-root pod with a read-only root and a writable state folder,
 * probes on /healthz at the port it listens on, the token from one Secret for the monitor and
 * the ServiceMonitor, a Service named as the job the alert rules ask for, and a configuration
 * the monitor reads. The Kubernetes JSON schemas are not on these machines (kubeconform
 * fetches them): the real-OS workflow validates the rendered manifests against them.
 */

const DIR = 'deploy/kubernetes';
const final = readContainerfile().at(-1) as Stage;

interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/** Every resource of every manifest, the kustomization included. */
const resources: (Resource & { file: string })[] = readdirSync(DIR)
  .filter((name) => /\.ya?ml$/.test(name))
  .flatMap((name) =>
    parseAllDocuments(readFileSync(join(DIR, name), 'utf8')).map((doc) => {
      expect(doc.errors, name).toEqual([]);
      return { ...(doc.toJS() as Resource), file: name };
    }),
  );

function resource<T>(kind: string, name?: string): T {
  const found = resources.filter((r) => r.kind === kind && (!name || r.metadata?.name === name));
  expect(found, `one ${kind} ${name ?? ''}`).toHaveLength(1);
  return found[0] as T;
}

interface Probe {
  httpGet?: { path: string; port: string | number; scheme: string };
  exec?: { command: string[] };
}
interface Container {
  image: string;
  args: string[];
  env: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  ports: { name: string; containerPort: number }[];
  readinessProbe: Probe;
  livenessProbe: Probe;
  resources: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext: Record<string, unknown> & { capabilities?: { drop?: string[] } };
  volumeMounts: { name: string; mountPath: string; readOnly?: boolean }[];
}
interface Deployment {
  spec: {
    replicas: number;
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        securityContext: Record<string, unknown>;
        containers: Container[];
        volumes: { name: string; configMap?: { name: string }; emptyDir?: object }[];
      };
    };
  };
}
interface Service {
  metadata: { name: string; labels: Record<string, string> };
  spec: {
    selector: Record<string, string>;
    ports: { name: string; port: number; targetPort: string | number }[];
  };
}
interface ServiceMonitor {
  spec: {
    jobLabel?: string;
    selector: { matchLabels: Record<string, string> };
    endpoints: {
      port: string;
      path: string;
      scheme: string;
      honorLabels: boolean;
      authorization: { type: string; credentials: { name: string; key: string } };
    }[];
  };
}
interface Secret {
  stringData: Record<string, string>;
}

const deployment = resource<Deployment>('Deployment');
const pod = deployment.spec.template.spec;
const [container] = pod.containers as [Container];
const service = resource<Service>('Service');
const serviceMonitor = resource<ServiceMonitor>('ServiceMonitor');
const kustomization = resource<{
  resources: string[];
  configMapGenerator: { name: string; files: string[] }[];
  images: { name: string; newName: string; newTag: string }[];
}>('Kustomization');

/** The container port a probe or a Service names (by name or number). */
function containerPort(port: string | number | undefined): number | undefined {
  return typeof port === 'number'
    ? port
    : container.ports.find((p) => p.name === port)?.containerPort;
}

/** The Secret key the variable `name` of the container comes from. */
function secretOf(name: string) {
  return container.env.find((variable) => variable.name === name)?.valueFrom?.secretKeyRef;
}

describe('the Kubernetes manifests (deploy/kubernetes)', () => {
  it('parses every manifest, each kind once, and the kustomization lists all but the Secrets', () => {
    expect(resources.map((r) => r.kind).sort()).toEqual([
      'Deployment',
      'Kustomization',
      'Secret',
      'Secret',
      'Service',
      'ServiceMonitor',
    ]);
    expect(resource<Resource>('ServiceMonitor').apiVersion).toBe('monitoring.coreos.com/v1');
    const listed = resources.filter((r) => kustomization.resources.includes(r.file));
    expect(listed.map((r) => r.kind).sort()).toEqual(['Deployment', 'Service', 'ServiceMonitor']);
  });

  it('runs one non-root pod with a read-only root, no privilege to gain, no capability', () => {
    expect(deployment.spec.replicas).toBe(1);
    const imageUser = instructionsOf(final, 'USER')[0]?.args.split(':').map(Number);
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: imageUser?.[0],
      runAsGroup: imageUser?.[1],
      seccompProfile: { type: 'RuntimeDefault' },
    });
    // fsGroup would make mounted files group-readable: see the token below.
    expect(pod.securityContext).not.toHaveProperty('fsGroup');
    expect(container.securityContext).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(container.resources.requests).toHaveProperty('memory');
    expect(container.resources.requests).toHaveProperty('cpu');
    expect(container.resources.limits).toHaveProperty('memory');
  });

  it('gives the monitor a writable state folder where the image keeps it', () => {
    const state = envOf(final)['STATE_DIRECTORY'];
    const mount = container.volumeMounts.find((m) => m.mountPath === state);
    expect(mount, `a volume at ${state}`).toBeDefined();
    expect(pod.volumes.find((v) => v.name === mount?.name)?.emptyDir).toBeDefined();
  });

  it('listens where the Service, the probes and the ServiceMonitor look, in plain HTTP as served', () => {
    const port = Number(argAfter(container.args, '--listen')?.split(':')[1]);
    expect(container.ports.map((p) => p.containerPort)).toEqual([port]);
    const [servicePort] = service.spec.ports;
    expect(containerPort(servicePort?.targetPort)).toBe(port);
    expect(serviceMonitor.spec.endpoints[0]?.port).toBe(servicePort?.name);
    // No --tls-cert: the monitor serves HTTP, so every probe and the scrape ask in HTTP.
    expect(container.args).not.toContain('--tls-cert');
    expect(container.readinessProbe.httpGet).toEqual({
      path: '/healthz',
      port: 'http',
      scheme: 'HTTP',
    });
    expect(containerPort(container.readinessProbe.httpGet?.port)).toBe(port);
    expect(serviceMonitor.spec.endpoints[0]).toMatchObject({ path: '/metrics', scheme: 'http' });
    const liveness = container.livenessProbe.exec?.command ?? [];
    expect(liveness.join(' ')).toContain(`http://127.0.0.1:${port}/healthz`);
  });

  it('is alive while /healthz answers at all, 503 included, and dead when nothing answers', async () => {
    const [node, ...args] = container.livenessProbe.exec?.command ?? [];
    // The image's Node, as its own HEALTHCHECK runs it.
    expect(node).toBe(execForm(instructionsOf(final, 'HEALTHCHECK')[0]?.args ?? '')[0]);
    const server = await startScriptedServer((_req, res) => res.writeHead(503).end('{}'));
    const toServer = args.map((arg) => arg.replace('http://127.0.0.1:9420', server.origin));
    expect(toServer).not.toEqual(args);
    try {
      expect(await runNode(toServer)).toBe(0);
      expect(server.seen.map((request) => request.url)).toEqual(['/healthz']);
    } finally {
      await server.close();
    }
    expect(await runNode(toServer)).toBe(1);
  });

  it('selects its pods and its Service by the same labels', () => {
    expect(deployment.spec.template.metadata.labels).toMatchObject(
      deployment.spec.selector.matchLabels,
    );
    expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    expect(service.metadata.labels).toMatchObject(serviceMonitor.spec.selector.matchLabels);
  });

  it('names the Service as the job the alert rules ask for, and keeps the monitor labels', () => {
    const down = readAlertRules().find((rule) => rule.alert === 'DatabridgeMonitorDown');
    // The Prometheus Operator names the job after the Service unless jobLabel says otherwise.
    expect(serviceMonitor.spec.jobLabel).toBeUndefined();
    expect(down?.expr).toContain(`up{job="${service.metadata.name}"}`);
    expect(serviceMonitor.spec.endpoints[0]?.honorLabels).toBe(true);
  });

  it('takes the bearer token from one Secret for the monitor and the ServiceMonitor', async () => {
    const variable = argAfter(container.args, '--token-env') ?? '';
    const fromSecret = secretOf(variable);
    const scrape = serviceMonitor.spec.endpoints[0]?.authorization;
    expect(scrape?.type).toBe('Bearer');
    expect(scrape?.credentials).toEqual(fromSecret);
    const secret = resource<Secret>('Secret', fromSecret?.name);
    const placeholder = secret.stringData[fromSecret?.key ?? ''];
    expect(placeholder).toMatch(/REPLACE ME/);
    // The example's placeholder is one the monitor refuses, so it never guards a real pod.
    await expect(readToken({ env: variable }, { [variable]: placeholder })).rejects.toThrow(
      /must be one word of at least 16 characters/,
    );
  });

  it('gives the monitor a configuration it reads, with the API key from a Secret', async () => {
    const configPath = argAfter(container.args, '--config') ?? '';
    const mount = container.volumeMounts.find((m) => m.mountPath === dirname(configPath));
    expect(mount?.readOnly).toBe(true);
    const volume = pod.volumes.find((v) => v.name === mount?.name);
    const [generator] = kustomization.configMapGenerator;
    expect(volume?.configMap?.name).toBe(generator?.name);
    expect(generator?.files).toEqual([configPath.split('/').at(-1)]);
    const config = await readServeConfig(join(DIR, generator?.files[0] ?? ''));
    for (const connection of config.connections) {
      const key = secretOf(connection.apiKeyEnv ?? '');
      expect(key, connection.name).toBeDefined();
      expect(resource<Secret>('Secret', key?.name).stringData).toHaveProperty(key?.key ?? '');
    }
  });

  it('renders with kustomize: the generated ConfigMap mounted and the image named', (context) => {
    const noKubectl = missingTool('kubectl', ['version', '--client'], 'the Kubernetes client');
    if (noKubectl) context.skip(noKubectl);
    const rendered = runTool('kubectl', ['kustomize', DIR]);
    expect(rendered.code, rendered.stderr).toBe(0);
    const docs = parseAllDocuments(rendered.stdout).map((doc) => doc.toJS() as Resource);
    const configMap = docs.find((doc) => doc.kind === 'ConfigMap');
    const renderedPod = (docs.find((doc) => doc.kind === 'Deployment') as unknown as Deployment)
      .spec.template.spec;
    expect(renderedPod.volumes.map((v) => v.configMap?.name)).toContain(configMap?.metadata.name);
    const [image] = kustomization.images;
    expect(image?.name).toBe(container.image);
    expect(renderedPod.containers[0]?.image).toBe(`${image?.newName}:${image?.newTag}`);
  });
});
