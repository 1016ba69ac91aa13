import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { RequestPort } from '../../src/main/services/http/request-port';

/** One request a {@link NodeRequestPort} carried. */
interface CarriedRequest {
  readonly method: string;
  readonly url: string;
  /** The proxy the dispatcher told the port to use, if any. */
  readonly proxy: string | undefined;
}

/** Node's `http.request` as a port, with what it carried. */
export interface NodeRequestPort {
  readonly port: RequestPort;
  readonly carried: CarriedRequest[];
}

/**
 * Node's own HTTP client as the port of a PortDispatcher: the same shape as Electron's
 * `net.request` (a writable request, 'response' with a readable answer, `abort()`), so the
 * adapter is tested against a real client over real HTTP, not against a stand-in of Electron.
 * `viaProxy` sends each request to the proxy it was told of, as an absolute-URI request (a
 * plain-http target through a forwarding proxy, as Chromium sends it); otherwise it goes
 * straight to its host, which no proxy of the tests' own could sign it in to anyway.
 */
export function nodeRequestPort({ viaProxy = false } = {}): NodeRequestPort {
  const carried: CarriedRequest[] = [];
  const port: RequestPort = ({ url, method, headers, proxy }) => {
    carried.push({ method, url, proxy });
    if (viaProxy && proxy !== undefined) {
      const through = new URL(proxy);
      return httpRequest({
        host: through.hostname,
        port: through.port,
        path: url,
        method,
        headers: { ...headers, host: new URL(url).host },
      });
    }
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    return send(url, { method, headers });
  };
  return { port, carried };
}
