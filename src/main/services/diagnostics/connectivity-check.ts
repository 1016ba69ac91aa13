import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, Socket } from 'node:net';
import { connect as tlsConnect, type PeerCertificate, type TLSSocket } from 'node:tls';
import { request, type Dispatcher } from 'undici';

/*
 * One host's reachability, step by step as a support engineer would check it by hand: the
 * name (DNS), a TCP connection to its address, the TLS handshake (whose certificate, signed by
 * whom, valid when), and one request through the app's own dispatcher (so through the proxy
 * it uses) without any credential. Each step has its own short timeout, its duration and its
 * error; a step that cannot run because an earlier one failed is left out.
 */

/** One step's outcome. */
interface StepResult {
  readonly ok: boolean;
  readonly ms: number;
  /** What it found (addresses, the certificate, the status line). */
  readonly detail?: unknown;
  /** Why it failed: the error's code and message. */
  readonly error?: string;
}

/** The checks of one service host. */
export interface HostCheck {
  readonly url: string;
  readonly dns: StepResult;
  readonly tcp?: StepResult;
  readonly tls?: StepResult;
  readonly request: StepResult;
}

/** Options of {@link checkHost}. */
export interface HostCheckOptions {
  /** Time allowed to each step. */
  readonly timeoutMs: number;
  /** The app's dispatcher: the request goes as the app's requests go. */
  readonly dispatcher: Dispatcher;
  /** The CA certificates the app trusts (undefined: Node's defaults). */
  readonly ca?: string[];
  readonly lookup?: (host: string) => Promise<readonly { address: string }[]>;
}

async function timed(timeoutMs: number, step: () => Promise<unknown>): Promise<StepResult> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'TIMEOUT' })),
      timeoutMs,
    );
  });
  try {
    const detail = await Promise.race([step(), timeout]);
    return { ok: true, ms: elapsed(), ...(detail === undefined ? {} : { detail }) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      ms: elapsed(),
      error: `${code ? `${code}: ` : ''}${(error as Error).message}`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Opens a socket with `open`, waits for `event`, answers `read(socket)` and closes it. */
function connectOnce<T extends Socket>(
  open: () => T,
  event: 'connect' | 'secureConnect',
  read: (socket: T) => unknown,
  timeoutMs: number,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = open();
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`no answer within ${timeoutMs} ms`)),
    );
    socket.once(event, () => {
      const detail = read(socket);
      socket.destroy();
      resolve(detail);
    });
    socket.once('error', reject);
  });
}

function certificateOf(socket: TLSSocket): unknown {
  const cert: Partial<PeerCertificate> = socket.getPeerCertificate();
  return {
    protocol: socket.getProtocol(),
    trusted: socket.authorized,
    ...(socket.authorized ? {} : { untrustedBecause: String(socket.authorizationError) }),
    subject: cert.subject?.CN,
    issuer: cert.issuer?.CN ?? cert.issuer?.O,
    validFrom: cert.valid_from,
    validTo: cert.valid_to,
  };
}

/** Checks `url`'s host: DNS, TCP, TLS (https only) and one request, each timed. */
export async function checkHost(url: string, options: HostCheckOptions): Promise<HostCheck> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.+)\]$/, '$1');
  const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
  const lookup = options.lookup ?? ((name: string) => dnsLookup(name, { all: true }));
  const ms = options.timeoutMs;
  const [dns, answered] = await Promise.all([
    timed(ms, async () => (await lookup(host)).map((entry) => entry.address)),
    timed(ms, async () => {
      const answer = await request(url, {
        dispatcher: options.dispatcher,
        method: 'GET',
        signal: AbortSignal.timeout(ms),
      });
      await answer.body.dump();
      return { status: answer.statusCode };
    }),
  ]);
  const address = dns.ok ? (dns.detail as string[])[0] : undefined;
  if (address === undefined) return { url, dns, request: answered };
  const tcp = await timed(ms, () =>
    connectOnce(
      () => new Socket().connect(port, address),
      'connect',
      () => ({ address, port }),
      ms,
    ),
  );
  if (!tcp.ok || target.protocol !== 'https:') return { url, dns, tcp, request: answered };
  const tls = await timed(ms, () =>
    connectOnce(
      () =>
        tlsConnect({
          host: address,
          port,
          ...(isIP(host) ? {} : { servername: host }),
          ...(options.ca ? { ca: options.ca } : {}),
          // Connected even when untrusted, so the bundle says whose certificate it was and why
          // it is not trusted (a company's TLS inspection); no request is sent on this socket.
          rejectUnauthorized: false,
        }),
      'secureConnect',
      certificateOf,
      ms,
    ),
  );
  return { url, dns, tcp, tls, request: answered };
}
