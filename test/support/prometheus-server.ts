import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { request } from 'undici';

/*
 * A real Prometheus (the system's `prometheus` binary) for tests and benches: a temporary
 * configuration that scrapes the headless monitor, the monitor's alert rules (their `for:`
 * shortened when asked), and its own storage folder.
 */

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

/** Options of {@link startPrometheus}. */
export interface PrometheusOptions {
  /** Where its configuration and storage go (a temporary folder of the caller's). */
  readonly dir: string;
  /** The monitor's `host:port`. */
  readonly target: string;
  readonly scrapeSeconds: number;
  /** Replaces every rule's `for:` (e.g. `1s`), so an alert fires within a test. */
  readonly ruleFor?: string;
  /** The bearer token the monitor asks for. */
  readonly token?: string;
}

/** A running Prometheus. */
export interface RunningPrometheus {
  readonly url: string;
  /** GET of its HTTP API; answers the `data` of a success. */
  api<T>(path: string): Promise<T>;
  stop(): Promise<void>;
}

/** Starts Prometheus scraping the monitor; answers once its API is ready. */
export async function startPrometheus(options: PrometheusOptions): Promise<RunningPrometheus> {
  await mkdir(join(options.dir, 'data'), { recursive: true });
  const rules = await readFile(resolve('deploy/prometheus/databridge-alerts.yml'), 'utf8');
  const rulesFile = join(options.dir, 'rules.yml');
  await writeFile(
    rulesFile,
    options.ruleFor ? rules.replace(/^(\s+for:) \S+$/gm, `$1 ${options.ruleFor}`) : rules,
  );
  const tokenLines = options.token
    ? ['    authorization:', '      type: Bearer', `      credentials: ${options.token}`]
    : [];
  const config = [
    'global:',
    `  scrape_interval: ${options.scrapeSeconds}s`,
    `  evaluation_interval: ${options.scrapeSeconds}s`,
    `  scrape_timeout: ${options.scrapeSeconds}s`,
    'rule_files:',
    `  - ${rulesFile}`,
    'scrape_configs:',
    '  - job_name: databridge-monitor',
    '    honor_labels: true',
    ...tokenLines,
    '    static_configs:',
    `      - targets: ['${options.target}']`,
    '',
  ].join('\n');
  const configFile = join(options.dir, 'prometheus.yml');
  await writeFile(configFile, config);
  const port = await freePort();
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(options.dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = once(child, 'exit');
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited: ${log}`);
    try {
      const ready = await request(`${url}/-/ready`);
      await ready.body.dump();
      if (ready.statusCode === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus did not get ready: ${log}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    api: async <T>(path: string): Promise<T> => {
      const answer = await request(`${url}/api/v1/${path}`);
      const body = (await answer.body.json()) as { status: string; data: T; error?: string };
      if (body.status !== 'success')
        throw new Error(`prometheus: ${body.error ?? answer.statusCode}`);
      return body.data;
    },
    stop,
  };
}
