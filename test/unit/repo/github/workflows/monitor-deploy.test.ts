import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMPOSE_FILES } from '../../../../../scripts/ci/compose-alert-check.mjs';
import { lintWorkflow } from '../../../../../scripts/ci/lint-workflows.mjs';
import { argAfter, readCompose } from '../../../../support/deploy-files';

/*
 * The real-OS workflow of the monitor's other ways to run (.github/workflows/monitor-deploy.yml),
 * held here because it only runs on GitHub: the image built from deploy/container's
 * Containerfile under the name compose runs, the compose check with the receiver the
 * Alertmanager route names, and kubeconform on the manifests as kustomize renders them, the
 * ServiceMonitor's schema from the CRD catalog, with a kubeconform whose archive is checked.
 */

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on': string;
  'timeout-minutes': number;
  env?: Record<string, string>;
  steps: Step[];
}

const FILE = '.github/workflows/monitor-deploy.yml';
const text = readFileSync(FILE, 'utf8');
const workflow = parse(text) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
};

function job(name: string): Job {
  const found = workflow.jobs[name];
  expect(found, `a job named ${name}`).toBeDefined();
  return found as Job;
}

/** The one step of `name` whose `run` mentions `fragment`, and its index. */
function stepRunning(name: string, fragment: string): { step: Step; index: number } {
  const steps = job(name).steps;
  const found = steps.filter((step) => step.run?.includes(fragment));
  expect(found, `one step of ${name} runs ${fragment}`).toHaveLength(1);
  return { step: found[0] as Step, index: steps.indexOf(found[0] as Step) };
}

/** The words of a step's command line that runs `program` (continuation lines joined). */
function commandLine(run: string, program: string): string[] {
  const joined = run.replace(/\\\n\s*/g, ' ');
  const line = joined.split('\n').find((l) => l.trim().startsWith(program)) ?? '';
  return line.trim().split(/\s+/);
}

describe('the monitor-deploy workflow', () => {
  it('runs on every push and pull request, on Ubuntu 24.04, within time limits, reading only', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push', 'workflow_dispatch']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(Object.keys(workflow.jobs).sort()).toEqual(['compose', 'kubernetes']);
    for (const name of ['compose', 'kubernetes']) {
      expect(job(name)['runs-on'], name).toBe('ubuntu-24.04');
      expect(job(name)['timeout-minutes'], name).toBeLessThanOrEqual(30);
    }
  });

  it('builds the image from deploy/container/Containerfile under the name compose runs', () => {
    const { step, index } = stepRunning('compose', 'docker build');
    const words = commandLine(step.run ?? '', 'docker build');
    expect(argAfter(words, '--file')).toBe('deploy/container/Containerfile');
    expect(words.at(-1)).toBe('.');
    const stack = readCompose(COMPOSE_FILES[0] ?? '');
    expect(argAfter(words, '--tag')).toBe(stack.services['monitor']?.image);
    expect(stepRunning('compose', 'compose-alert-check.mjs').index).toBeGreaterThan(index);
  });

  it('runs the compose check with the receiver that the Alertmanager route names', () => {
    const { step } = stepRunning('compose', 'compose-alert-check.mjs');
    const words = commandLine(step.run ?? '', 'node');
    expect(words[1]).toBe('scripts/ci/compose-alert-check.mjs');
    const alertmanager = parse(readFileSync('deploy/compose/alertmanager.yml', 'utf8')) as {
      route: { routes: { receiver: string; matchers: string[] }[] };
    };
    const route = alertmanager.route.routes.find((r) => r.matchers.join().includes('Databridge'));
    expect(argAfter(words, '--receiver')).toBe(route?.receiver);
    expect(Number(argAfter(words, '--timeout'))).toBeLessThan(
      job('compose')['timeout-minutes'] * 60,
    );
    for (const file of COMPOSE_FILES) expect(existsSync(file), file).toBe(true);
  });

  it('validates the rendered manifests and the example Secrets with a checked kubeconform', () => {
    const kubernetes = job('kubernetes');
    const fetch = stepRunning('kubernetes', 'kubeconform/releases/download');
    expect(fetch.step.run).toContain('sha256sum --check');
    expect(kubernetes.env?.['KUBECONFORM_SHA256']).toMatch(/^[0-9a-f]{64}$/);
    expect(kubernetes.env?.['KUBECONFORM_VERSION']).toMatch(/^v\d+\.\d+\.\d+$/);
    const render = stepRunning('kubernetes', 'kubectl kustomize deploy/kubernetes');
    const validate = stepRunning('kubernetes', 'kubeconform -strict');
    expect(render.index).toBeGreaterThan(fetch.index);
    expect(validate.index).toBeGreaterThan(render.index);
    const words = commandLine(validate.step.run ?? '', 'kubeconform');
    // The Kubernetes schemas, and the CRD catalog for the ServiceMonitor; a resource with no
    // schema fails (no -ignore-missing-schemas).
    expect(words).not.toContain('-ignore-missing-schemas');
    expect(words.filter((w) => w === '-schema-location')).toHaveLength(2);
    expect(words).toContain('default');
    expect(words.join(' ')).toContain('datreeio/CRDs-catalog');
    expect(words).toContain('"$RUNNER_TEMP/rendered.yaml"');
    expect(words).toContain('deploy/kubernetes/secret.example.yaml');
  });

  it('passes the workflow linter, and names only scripts that exist', async () => {
    expect(await lintWorkflow(FILE, text)).toEqual([]);
    const named = text.match(/scripts\/[\w/.-]+\.(?:mjs|sh)/g) ?? [];
    expect(named.length).toBeGreaterThan(0);
    for (const script of named) expect(existsSync(script), script).toBe(true);
  });
});
