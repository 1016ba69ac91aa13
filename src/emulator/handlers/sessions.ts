import { FilterSyntaxError } from '../../shared/filter/errors';
import { filterRows } from '../../shared/filter/evaluate';
import { parseFilter } from '../../shared/filter/parser';
import { canAccessDatabase, requireDatabase } from '../access';
import type { Principal } from '../auth';
import type { EmulatorContext } from '../context';
import { EmulatorHttpError } from '../http-error';
import { toSession, type SessionRecord } from '../sessions/session-factory';
import type { GroupHandlers } from './types';

/** A Consumer sees only sessions on databases it can access (records.md). */
function visibleTo(ctx: EmulatorContext, principal: Principal, instance: string) {
  return (session: SessionRecord): boolean => {
    if (principal.role !== 'Consumer') return true;
    const db =
      session.databaseName === null
        ? undefined
        : ctx.state.databases.find(instance, session.databaseName);
    return db !== undefined && canAccessDatabase(principal, db);
  };
}

function parseSessionFilter(text: string | undefined) {
  try {
    return parseFilter(text ?? '', 'sessions');
  } catch (error) {
    if (error instanceof FilterSyntaxError)
      throw new EmulatorHttpError(400, `Invalid filter: ${error.message}`);
    throw error;
  }
}

/** Handlers of the Sessions group. */
export const sessionHandlers: GroupHandlers<'sessions'> = {
  'sessions.list': ({ params, query, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const expr = parseSessionFilter(query.filter);
    const rows = ctx.sessions
      .of(instance.name)
      .list()
      .filter(visibleTo(ctx, principal, instance.name));
    return { body: filterRows(expr, rows.map(toSession)) };
  },
  'sessions.listByDatabase': ({ params, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const db = requireDatabase(ctx, principal, instance.name, params.databaseName);
    const rows = ctx.sessions.of(instance.name).list();
    return {
      body: rows
        .filter((s) => s.databaseName?.toLowerCase() === db.name.toLowerCase())
        .map(toSession),
    };
  },
  'sessions.killByDatabase': ({ params, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const db = requireDatabase(ctx, principal, instance.name, params.databaseName);
    ctx.sessions.of(instance.name).kill(Number(params.spid), db.name);
    return { status: 204 };
  },
  'sessions.kill': ({ params }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    ctx.sessions.of(instance.name).kill(Number(params.spid));
    return { status: 204 };
  },
};
