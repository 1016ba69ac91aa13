import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { connectUpstream, listenOnLoopback, requestUpstream } from './proxy-forwarding';

/*
 * An HTTP proxy of the test's own, on loopback, that forwards plain-http requests and tunnels
 * CONNECT, like a company proxy, and can stall an exchange as a storage host that stops
 * mid-way does: after so many bytes it passes nothing more in one direction (the answer to
 * the client, or the request body to the host) and keeps both connections open, silent.
 */

/** Which exchanges to stall, and where. */
interface StallRule {
  /** The request method (a tunnel's is read from its first bytes). */
  method: 'GET' | 'PUT';
  /** `response`: the answer stops reaching the client; `request`: the body stops reaching the host. */
  direction: 'response' | 'request';
  /** Bytes passed in that direction before the stall (a tunnel counts the head too). */
  afterBytes: number;
  /** Exchanges to stall (default 1; Infinity: every one). */
  count?: number;
}

/** One request forwarded or tunnel opened. */
interface ProxyExchange {
  /** `forward` for an absolute-URI request, `connect` for a tunnel. */
  via: 'forward' | 'connect';
  method: string;
  target: string;
  stalled: boolean;
}

/** The proxy and what went through it. */
export interface StallingProxy {
  readonly url: string;
  readonly exchanges: ProxyExchange[];
  /** Stalls the next exchanges that match `rule`. */
  stall(rule: StallRule): void;
  /** Forgets the stalls not used yet. */
  clear(): void;
  close(): Promise<void>;
}

/** Passes `limit` bytes, then holds every later chunk (the pipe behind it backs up). */
function valve(limit: number | undefined, onStall: () => void): Transform {
  let passed = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (limit === undefined || passed + chunk.length <= limit) {
        passed += chunk.length;
        callback(null, chunk);
        return;
      }
      if (limit > passed) this.push(chunk.subarray(0, limit - passed));
      passed = limit;
      onStall();
      // The callback is never called: nothing more passes, and the source is not read.
    },
  });
}

/** Starts the proxy on 127.0.0.1. */
export async function startStallingProxy(): Promise<StallingProxy> {
  const exchanges: ProxyExchange[] = [];
  const rules: StallRule[] = [];
  const sockets = new Set<Socket>();
  /** The rule an exchange takes, if one matches (one use of its count). */
  const take = (method: string): StallRule | undefined => {
    const rule = rules.find((candidate) => candidate.method === method);
    if (!rule) return undefined;
    rule.count = (rule.count ?? 1) - 1;
    if (rule.count <= 0) rules.splice(rules.indexOf(rule), 1);
    return rule;
  };
  const limits = (rule: StallRule | undefined) => ({
    up: rule?.direction === 'request' ? rule.afterBytes : undefined,
    down: rule?.direction === 'response' ? rule.afterBytes : undefined,
  });

  const server: Server = createServer((req, res) => {
    const exchange: ProxyExchange = {
      via: 'forward',
      method: req.method ?? '',
      target: req.url ?? '',
      stalled: false,
    };
    exchanges.push(exchange);
    const { up, down } = limits(take(exchange.method));
    const stalled = (): void => void (exchange.stalled = true);
    const upstream = requestUpstream(req, (answer) => {
      // Stalled before any byte of the answer: not even its head is passed on.
      if (down === 0) return stalled();
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(valve(down, stalled)).pipe(res);
    });
    upstream.on('error', () => res.destroy());
    // The client gave up (its read deadline): the host's side goes too.
    res.on('close', () => upstream.destroy());
    req.pipe(valve(up, stalled)).pipe(upstream);
  });

  server.on('connect', (req, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const upstream = connectUpstream(req, client, () => {
      // The first bytes through the tunnel name the request's method.
      const begin = (first: Buffer): void => {
        const method = first.toString('latin1').split(' ')[0] ?? '';
        const target = req.url ?? '';
        const exchange: ProxyExchange = { via: 'connect', method, target, stalled: false };
        exchanges.push(exchange);
        const { up, down } = limits(take(method));
        const stalled = (): void => void (exchange.stalled = true);
        const toHost = valve(up, stalled);
        toHost.pipe(upstream);
        toHost.write(first);
        client.pipe(toHost);
        upstream.pipe(valve(down, stalled)).pipe(client);
      };
      if (head.length > 0) begin(head);
      else client.once('data', (first: Buffer) => begin(first));
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });

  return {
    url: await listenOnLoopback(server),
    exchanges,
    stall: (rule) => void rules.push({ ...rule }),
    clear: () => void rules.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
