import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createPacResolver } from 'pac-resolver';
import { QuickJS } from 'quickjs-wasi';
import { Agent, request, type Dispatcher } from 'undici';
import { AppError } from '../../../shared/errors';
import { pacAnswerResolver, type ProxyResolver } from './proxy-resolvers';

/*
 * A PAC file (proxy auto-config), as IT publishes it: fetched once from its URL, straight
 * (a PAC URL is never itself proxied) with the app's CAs, then evaluated per URL by
 * pac-resolver in a QuickJS sandbox compiled to WebAssembly: the file is code from the
 * network, so it runs without access to Node.
 */

/** The largest PAC file read: they are a few KiB; more is not a PAC file. */
const PAC_LIMIT_BYTES = 1024 * 1024;

/** Options of {@link pacFileResolver}. */
export interface PacFileOptions {
  /** The PAC file's http(s) URL. */
  readonly pacUrl: string;
  /** How the PAC file's host is reached, straight: the app's CAs and timeouts. */
  readonly agent: Agent.Options;
}

/**
 * QuickJS's WebAssembly binary: the copy the build put beside the bundle (out/main for the
 * app, out/cli for the command line: neither ships node_modules), else the quickjs-wasi
 * package's (running from source: tests, tsx).
 */
async function quickJsBinary(): Promise<Buffer> {
  const beside = ['quickjs.wasm', '../quickjs.wasm']
    .map((name) => fileURLToPath(new URL(name, import.meta.url)))
    .find((file) => existsSync(file));
  return readFile(beside ?? createRequire(import.meta.url).resolve('quickjs-wasi/quickjs.wasm'));
}

function pacError(pacUrl: string, reason: string, cause?: unknown): AppError {
  return new AppError(
    {
      code: 'NETWORK',
      message: `Could not use the proxy configuration file (PAC) at ${pacUrl}: ${reason}. Check the PAC URL (the proxyPacUrl setting or --proxy-pac) or ask IT whether it moved.`,
    },
    cause === undefined ? undefined : { cause },
  );
}

/** Fetches the PAC file on an agent of its own, closed after (no idle socket keeps a run alive). */
async function fetchPac(options: PacFileOptions): Promise<string> {
  const agent = new Agent(options.agent);
  try {
    return await fetchPacWith(agent, options.pacUrl);
  } finally {
    await agent.close();
  }
}

async function fetchPacWith(dispatcher: Dispatcher, pacUrl: string): Promise<string> {
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(pacUrl, { dispatcher });
  } catch (error) {
    throw pacError(pacUrl, 'its host could not be reached', error);
  }
  if (answer.statusCode !== 200) {
    await answer.body.dump();
    throw pacError(pacUrl, `its host answered ${answer.statusCode}`);
  }
  const bytes = Buffer.from(await answer.body.arrayBuffer());
  if (bytes.length > PAC_LIMIT_BYTES) throw pacError(pacUrl, 'it is larger than 1 MiB');
  return bytes.toString('utf8');
}

/** Reads and compiles the PAC file; its FindProxyForURL. */
async function loadPac(options: PacFileOptions): Promise<(url: string) => Promise<string>> {
  const text = await fetchPac(options);
  const quickJs = await QuickJS.create({ wasm: await quickJsBinary() });
  let find: (url: string) => Promise<string>;
  try {
    find = createPacResolver(quickJs, text, { filename: 'proxy.pac' });
  } catch (error) {
    throw pacError(
      options.pacUrl,
      'it is not a valid PAC file (no FindProxyForURL function)',
      error,
    );
  }
  return async (url) => {
    try {
      return await find(url);
    } catch (error) {
      throw pacError(options.pacUrl, `its FindProxyForURL failed for ${new URL(url).host}`, error);
    }
  };
}

/**
 * The resolver of a PAC file: fetched and compiled on the first request, then kept. A failed
 * fetch is not kept: the next request tries again (the network may have come up).
 */
export function pacFileResolver(options: PacFileOptions): ProxyResolver {
  let loading: Promise<(url: string) => Promise<string>> | undefined;
  const load = (): Promise<(url: string) => Promise<string>> => {
    if (!loading) {
      loading = loadPac(options);
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
  return pacAnswerResolver(async (url) => (await load())(url));
}
