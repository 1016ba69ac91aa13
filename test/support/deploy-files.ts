import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';

/*
 * Readers of the files under deploy/ that the repository tests hold against each other: the
 * Containerfile's stages, the alert rules with the labels their alerts carry, a compose
 * service's bind mounts, and a way to run a probe command the files give Node.
 */

/** One instruction: its keyword (upper case) and its arguments, continuation lines joined. */
export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

/** One stage: its base image, its name (`AS name`) and its instructions after FROM. */
export interface Stage {
  readonly from: string;
  readonly name: string | undefined;
  readonly instructions: Instruction[];
}

/** The stages of a Containerfile, in order (the last is the image `docker build` makes). */
export function readContainerfile(path = 'deploy/container/Containerfile'): Stage[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && pending === '')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    lines.push(`${pending}${line}`.trim());
    pending = '';
  }
  const stages: { from: string; name: string | undefined; instructions: Instruction[] }[] = [];
  for (const line of lines.filter((l) => l !== '')) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [from = '', as, name] = args.split(/\s+/);
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** The instructions of `stage` with `keyword`. */
export function instructionsOf(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((i) => i.keyword === keyword);
}

/** The JSON array of an exec-form argument list (`["a", "b"]`), from its first `[`. */
export function execForm(args: string): string[] {
  const value: unknown = JSON.parse(args.slice(args.indexOf('[')));
  if (!Array.isArray(value)) throw new Error(`not an exec form: ${args}`);
  return value.map(String);
}

/** The variables the ENV instructions of `stage` set (`ENV A=1 B=2`; no spaces in values). */
export function envOf(stage: Stage): Record<string, string> {
  const pairs = instructionsOf(stage, 'ENV').flatMap((i) => i.args.split(/\s+/));
  return Object.fromEntries(pairs.map((pair) => pair.split('=', 2) as [string, string]));
}

/** The value after `flag` in an argument list (`--listen 0.0.0.0:9420`). */
export function argAfter(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
}

/** An alert rule of deploy/prometheus/databridge-alerts.yml. */
export interface AlertRule {
  readonly alert: string;
  readonly expr: string;
  readonly labels: Record<string, string>;
  /**
   * The labels every alert of the rule carries: alertname, the rule's own labels, and those
   * its expression keeps (an aggregation's `by (...)`; else the labels its selectors name).
   */
  readonly carries: string[];
}

/** The alert rules, each with the labels its alerts carry. */
export function readAlertRules(path = 'deploy/prometheus/databridge-alerts.yml'): AlertRule[] {
  const file = parseYaml(readFileSync(path, 'utf8')) as {
    groups: { rules: { alert: string; expr: string; labels?: Record<string, string> }[] }[];
  };
  return file.groups
    .flatMap((group) => group.rules)
    .map((rule) => {
      const by = /\bby\s*\(([^)]*)\)/.exec(rule.expr)?.[1];
      const kept = by
        ? by.split(',').map((label) => label.trim())
        : [...rule.expr.matchAll(/(\w+)\s*=~?\s*"/g)].map((match) => match[1] ?? '');
      const labels = rule.labels ?? {};
      return {
        alert: rule.alert,
        expr: rule.expr,
        labels,
        carries: [...new Set(['alertname', ...Object.keys(labels), ...kept])],
      };
    });
}

/** A compose file's services, as far as these tests read them. */
export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string };
  user?: string;
  read_only?: boolean;
  cap_drop?: string[];
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  secrets?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
}

/** A compose file. */
export interface ComposeFile {
  services: Record<string, ComposeService>;
  secrets?: Record<string, { file?: string }>;
  volumes?: Record<string, unknown>;
}

/** A compose file, parsed. */
export function readCompose(path: string): ComposeFile {
  return parseYaml(readFileSync(path, 'utf8')) as ComposeFile;
}

/** One `SOURCE:TARGET[:MODE]` mount of a service: a bind mount when the source is a path. */
export interface Mount {
  readonly source: string;
  readonly target: string;
  /** The host path of a bind mount (resolved from `composeDir`); undefined for a volume. */
  readonly hostPath: string | undefined;
}

/** A service's mounts, bind mounts resolved against the compose file's folder. */
function mountsOf(service: ComposeService, composeDir: string): Mount[] {
  return (service.volumes ?? []).map((entry) => {
    const [source = '', target = ''] = entry.split(':');
    const isPath = source.startsWith('.') || isAbsolute(source);
    return { source, target, hostPath: isPath ? resolve(composeDir, source) : undefined };
  });
}

/**
 * The mount of `service` that `containerPath` lies in (the longest target that holds it), and
 * the path inside it.
 */
export function mountHolding(
  service: ComposeService,
  composeDir: string,
  containerPath: string,
): { mount: Mount; rest: string } | undefined {
  const holding = mountsOf(service, composeDir)
    .filter((m) => containerPath === m.target || containerPath.startsWith(`${m.target}/`))
    .sort((a, b) => b.target.length - a.target.length)[0];
  return holding ? { mount: holding, rest: containerPath.slice(holding.target.length) } : undefined;
}

/**
 * Runs Node with `args` (e.g. `['-e', code]`, a health probe's command without its program)
 * and answers its exit code; the test's own event loop keeps running meanwhile.
 */
export function runNode(args: readonly string[], env: Record<string, string> = {}) {
  return new Promise<number>((resolveCode) => {
    const child = execFile(process.execPath, [...args], {
      env: { ...process.env, ...env },
      timeout: 20_000,
    });
    child.on('exit', (code) => resolveCode(code ?? -1));
  });
}
