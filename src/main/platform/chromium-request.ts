import { net, session, type Session } from 'electron';
import type { PortRequest, RequestPort } from '../services/http/request-port';
import { chromiumRequestOptions, proxySessionPlan } from './chromium-request-plan';

/**
 * The port of the app's dispatcher onto Chromium's network stack: each request is Electron's
 * `net.request` in a session of its own per proxy (chromium-request-plan.ts), so Chromium
 * answers a proxy's Negotiate or NTLM challenge with the user's sign-in (Windows SSPI, a
 * Kerberos ticket), as the browser does. Call it after the app is ready: `net` throws before.
 *
 * A proxy that wants a sign-in Chromium cannot give (NTLM outside Windows) makes the request
 * emit 'login'; the port dispatcher answers it (port-exchange.ts, proxy-sign-in.ts) with a
 * user name and password, and cancels a server's. Without a listener Electron cancels it, and
 * the request fails with Chromium's auth error, which the routing names (sign-in-refusal.ts).
 */
export function chromiumRequestPort(): RequestPort {
  const sessions = new Map<string, Promise<Session>>();
  const sessionOf = (proxy: string | undefined): Promise<Session> => {
    const plan = proxySessionPlan(proxy);
    let ready = sessions.get(plan.partition);
    if (!ready) {
      const ses = session.fromPartition(plan.partition);
      // setProxy resolves once the configuration is in force; no request leaves before.
      ready = ses.setProxy(plan.config).then(() => ses);
      sessions.set(plan.partition, ready);
      ready.catch(() => sessions.delete(plan.partition));
    }
    return ready;
  };
  return async (options): Promise<PortRequest> => {
    const ses = await sessionOf(options.proxy);
    const request = net.request({ ...chromiumRequestOptions(options), session: ses });
    // Electron's typings list the documented events only, but the object is a Node Writable
    // ("implements the Writable Stream interface", client-request.md): write() answers
    // whether to wait, and 'drain' says when to write again, as PortRequest expects.
    return request as unknown as PortRequest;
  };
}
