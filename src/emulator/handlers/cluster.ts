import { isCidr, isIpAddress } from '../../shared/contract/cidr';
import { EmulatorHttpError } from '../http-error';
import { normaliseClientIp } from '../state/cluster';
import type { GroupHandlers } from './types';

/** Handlers of the cluster ACL and security group. */
export const clusterHandlers: GroupHandlers<'cluster'> = {
  'cluster.get': (_input, ctx) => ({ body: ctx.state.cluster.toCluster() }),
  'cluster.listAllowedIps': (_input, ctx) => ({ body: ctx.state.cluster.entries() }),
  'cluster.addAllowedIp': ({ body }, ctx) => {
    ctx.state.cluster.add(body.cidrEntry);
    return {};
  },
  'cluster.overwriteAllowedIps': ({ body }, ctx) => {
    ctx.state.cluster.update(body.addCidrEntries, body.removeCidrEntries);
    return {};
  },
  'cluster.deleteAllowedIp': ({ params }, ctx) => {
    // Lenient in the catalogue so an odd entry another tool wrote can still be removed; any
    // other text must be an address.
    if (!isIpAddress(params.ipAddress) && !ctx.state.cluster.has(params.ipAddress)) {
      throw new EmulatorHttpError(400, `${params.ipAddress} is not an IPv4 or IPv6 address.`);
    }
    ctx.state.cluster.remove(params.ipAddress);
    return {};
  },
  'cluster.deleteAllowedRange': ({ params }, ctx) => {
    const block = `${params.cidrIpAddress}/${params.cidrIpPrefix}`;
    if (!isCidr(block) && !ctx.state.cluster.has(block)) {
      throw new EmulatorHttpError(
        400,
        `${block} is not a valid CIDR range (address and prefix length).`,
      );
    }
    ctx.state.cluster.remove(block);
    return {};
  },
  'cluster.setServerSecurity': ({ body }, ctx) => {
    ctx.state.cluster.setMinTlsVersion(body.minTlsVersion);
    return {};
  },
  'cluster.getServerSecurity': (_input, ctx) => ({ body: ctx.state.cluster.toServerSecurity() }),
};

/** The client IP handler: the caller's socket address (never a forwarded header). */
export const clientIpHandlers: GroupHandlers<'clientIp'> = {
  'clientIp.get': ({ req }, ctx) => {
    const clientIP = normaliseClientIp(req.socket.remoteAddress);
    return { body: { clientIP, isAllowed: ctx.state.cluster.allows(clientIP) } };
  },
};
