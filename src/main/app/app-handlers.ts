import { policyInForce } from '../../shared/model/policy';
import type { IpcHandlers } from '../services/ipc/ipc-router';
import { createAuditHandlers } from './audit-handlers';
import type { AppServices } from './create-app-services';
import { createDiagnosticsHandlers } from './diagnostics-handlers';
import { createJobHandlers } from './job-handlers';
import { createMonitorHandlers } from './monitor-handlers';
import type { PlatformPort } from './platform-port';
import { createProfileHandlers } from './profile-handlers';
import { createProxyHandlers } from './proxy-handlers';
import { createResourceHandlers } from './resource-handlers';
import { createShellHandlers } from './shell-handlers';
import { createTransferHandlers } from './transfer-handlers';
import { createUpdateHandlers } from './update-handlers';

/** What the app reports about itself in `app:getInfo`. */
export interface AppIdentity {
  readonly name: string;
  readonly version: string;
  readonly platform: string;
  /** What runs the app; default: this Node, no Electron (the harness, tests). */
  readonly versions?: {
    readonly electron: string | null;
    readonly chromium: string | null;
    readonly node: string;
  };
}

/**
 * Every channel of the contract mapped to a service call. The result's type is
 * {@link IpcHandlers}, so a channel added to the contract without a handler does not compile.
 */
export function createAppHandlers(
  services: AppServices,
  platform: PlatformPort,
  app: AppIdentity,
): IpcHandlers {
  const { profiles, connections, jobs } = services;
  return {
    ...createShellHandlers({
      app,
      platform,
      settings: services.settings,
      provenance: services.provenance,
    }),
    ...createProfileHandlers({
      profiles,
      loaded: services.profilesLoaded,
      connections,
      openConnections: services.openConnections,
      secrets: services.secrets,
      bus: services.bus,
      monitor: services.monitor,
      logger: services.logger,
      organisationUrl: policyInForce(services.settings.policy())?.teamMonitorUrl,
    }),
    ...createJobHandlers(jobs),
    ...createMonitorHandlers(services.monitor),
    ...createTransferHandlers(
      services.transfers,
      (id) => profiles.get(id).readOnly,
      services.provenance,
    ),
    ...createResourceHandlers({
      profile: (id) => profiles.get(id),
      client: (id) => connections.get(id).client,
      trackJob: (job) => jobs.track(job),
      logger: services.logger,
    }),
    ...createAuditHandlers(services.audit),
    ...createUpdateHandlers(services.updates),
    ...createProxyHandlers(services.proxyQuestions),
    ...createDiagnosticsHandlers({
      diagnostics: services.diagnostics,
      platform,
      provenance: services.provenance,
    }),
  };
}
