import type { Principal } from '../auth';
import type { EmulatorContext } from '../context';
import { EmulatorHttpError } from '../http-error';
import type { JobRecord } from '../state/jobs';

/** Where a login job runs and who asked for it. */
export interface LoginJobTarget {
  readonly ctx: EmulatorContext;
  readonly principal: Principal;
  readonly instance: string;
}

function about(t: LoginJobTarget, type: 'CREATE_LOGIN' | 'DELETE_LOGIN', name: string) {
  return {
    type,
    instance: t.instance,
    resourceName: name,
    resourceType: 'Login' as const,
    owner: t.principal.name,
  };
}

/** Starts CREATE_LOGIN: the login shows `Creating`, then `Enabled`. 409 if it exists. */
export function startCreateLogin(
  t: LoginJobTarget,
  request: { login: string; password: string; role: string },
): JobRecord {
  const { ctx, instance } = t;
  const record = {
    name: request.login,
    role: request.role,
    status: 'Creating',
    owner: t.principal.name,
    password: request.password,
  };
  ctx.state.logins.add(instance, record);
  return ctx.jobs.start({
    ...about(t, 'CREATE_LOGIN', request.login),
    run: () => {
      record.status = 'Enabled';
    },
    onFail: () => ctx.state.logins.remove(instance, request.login),
  });
}

/** Starts DELETE_LOGIN: the login shows `Deleting`, then is gone. 404 if unknown. */
export function startDeleteLogin(t: LoginJobTarget, name: string): JobRecord {
  const { ctx, instance } = t;
  const record = ctx.state.logins.require(instance, name);
  if (record.status === 'Creating' || record.status === 'Deleting') {
    throw new EmulatorHttpError(
      409,
      `Login ${record.name} is busy (${record.status}); wait until its job finishes.`,
    );
  }
  const previous = record.status;
  record.status = 'Deleting';
  return ctx.jobs.start({
    ...about(t, 'DELETE_LOGIN', record.name),
    run: () => ctx.state.logins.remove(instance, record.name),
    onFail: () => {
      record.status = previous;
    },
  });
}
