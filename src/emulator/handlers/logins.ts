import { startCreateLogin, startDeleteLogin } from '../jobs/login-jobs';
import { requirePolicyPassword, toLogin } from '../state/logins';
import type { GroupHandlers } from './types';

/** Handlers of the Logins group. */
export const loginHandlers: GroupHandlers<'logins'> = {
  'logins.list': ({ params }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    return { body: ctx.state.logins.list(instance.name).map(toLogin) };
  },
  'logins.create': ({ params, body, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    requirePolicyPassword(body.password, body.login);
    return {
      body: { jobId: startCreateLogin({ ctx, principal, instance: instance.name }, body).id },
    };
  },
  'logins.updatePassword': ({ params, body }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const login = ctx.state.logins.require(instance.name, params.loginName);
    requirePolicyPassword(body.password, login.name);
    login.password = body.password;
    return {};
  },
  'logins.delete': ({ params, principal }, ctx) => {
    const instance = ctx.state.instances.require(params.instanceName);
    const job = startDeleteLogin({ ctx, principal, instance: instance.name }, params.loginName);
    return { status: 202, body: { jobId: job.id } };
  },
};
