import { archiveHandlers } from './archives';
import { authHandlers } from './auth';
import { clientIpHandlers, clusterHandlers } from './cluster';
import { databaseJobHandlers } from './database-jobs';
import { databaseHandlers } from './databases';
import { instanceHandlers, linkedServerHandlers } from './instances';
import { jobHandlers } from './jobs';
import { loginHandlers } from './logins';
import { sessionHandlers } from './sessions';
import type { HandlerMap } from './types';
import { uploadHandlers } from './uploads';

/** Every operation's handler; the type makes a missing one a compile error. */
export const allHandlers: HandlerMap = {
  ...archiveHandlers,
  ...clusterHandlers,
  ...databaseHandlers,
  ...databaseJobHandlers,
  ...uploadHandlers,
  ...jobHandlers,
  ...sessionHandlers,
  ...loginHandlers,
  ...clientIpHandlers,
  ...instanceHandlers,
  ...linkedServerHandlers,
  ...authHandlers,
};
