import { EmulatorHttpError } from '../http-error';
import { toSqlInstance } from '../state/instances';
import type { GroupHandlers } from './types';

/** Handlers of the server instance operations. */
export const instanceHandlers: GroupHandlers<'instances'> = {
  'instances.list': (_input, ctx) => ({
    body: ctx.state.instances
      .list()
      .map((i) => toSqlInstance(i, ctx.state.databases.usedMb(i.name))),
  }),
  'instances.get': ({ params }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    return { body: toSqlInstance(instance, ctx.state.databases.usedMb(instance.name)) };
  },
  'instances.updateSecurity': ({ params, body }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    for (const op of body) {
      const [group] = ctx.state.groups.resolve([op.value]);
      if (!group) continue;
      if (op.operation === 'Add') instance.groups.add(group.id);
      else instance.groups.delete(group.id);
    }
    return {};
  },
};

/** Handlers of the linked-server operations (links to other instances of the tenant). */
export const linkedServerHandlers: GroupHandlers<'linkedServers'> = {
  'linkedServers.list': ({ params }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const body = [...instance.linked.values()].map((link) => ({
      linkedServerName: link.name,
      status: link.status,
    }));
    return { body };
  },
  'linkedServers.create': ({ params, body }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const target = ctx.state.instances.find(body.linkedServerName);
    if (!target) throw new EmulatorHttpError(400, 'linkedServerName does not exist in the tenant.');
    if (target === instance)
      throw new EmulatorHttpError(400, 'An instance cannot be linked to itself.');
    if (instance.linked.has(target.name.toLowerCase())) {
      throw new EmulatorHttpError(409, `${target.name} is already linked to ${instance.name}.`);
    }
    instance.linked.set(target.name.toLowerCase(), { name: target.name, status: 'Connected' });
    return {};
  },
  'linkedServers.delete': ({ params }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    if (!instance.linked.delete(params.linkedServerName.toLowerCase())) {
      throw new EmulatorHttpError(
        404,
        `${params.linkedServerName} is not linked to ${instance.name}.`,
      );
    }
    return {};
  },
};
