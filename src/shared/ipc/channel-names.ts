import type { EventChannel, InvokeChannel } from './contract';

/*
 * The names of the IPC contract, without its schemas: what the preload's allowlist needs and
 * nothing more. The preload runs sandboxed on every window load and bundles everything it
 * imports, so it must not reach `contract.ts` (which pulls in zod and every record schema).
 * Keep this module free of runtime imports; `import type` is erased at build.
 *
 * The lists cannot drift from the contract: the type checks below fail the build when a name
 * is listed that the contract lacks (`satisfies`) or the contract has a name not listed here
 * (the `Unlisted` constraints name it), and test/unit/shared/ipc/channel-names.test.ts
 * compares the lists with the contract's keys at run time.
 */

/** Every invoke channel name of the contract (`domain:verbNoun`), grouped as the contract is. */
export const INVOKE_CHANNEL_NAMES = [
  // app-channels.ts
  'app:getInfo',
  'app:rendererReady',
  'settings:get',
  'settings:update',
  'settings:getPolicy',
  'dialog:chooseFiles',
  'dialog:chooseFolder',
  'shell:openPath',
  'shell:showItemInFolder',
  'shell:openExternal',
  'files:startDrag',
  'diagnostics:chooseFile',
  'diagnostics:save',
  // profile-channels.ts
  'profiles:list',
  'profiles:create',
  'profiles:update',
  'profiles:duplicate',
  'profiles:delete',
  'profiles:setTeamMonitorToken',
  'profiles:getTeamMonitorTokenStatus',
  'session:connect',
  'session:test',
  'session:disconnect',
  'session:getStates',
  'session:listOpen',
  'session:open',
  'session:close',
  'session:getKeychainStatus',
  'session:enableSessionOnly',
  'emulator:createProfile',
  // activity-channels.ts
  'jobs:list',
  'jobs:watchInstance',
  'jobs:unwatchInstance',
  'transfers:planImport',
  'transfers:startImport',
  'transfers:startExport',
  'transfers:startArchiveDownload',
  'transfers:list',
  'transfers:listResumable',
  'transfers:pause',
  'transfers:resume',
  'transfers:cancel',
  'transfers:retry',
  'transfers:moveInQueue',
  'transfers:startNow',
  'transfers:pauseAll',
  'transfers:resumeAll',
  // monitor-channels.ts
  'monitor:list',
  'monitor:getHistory',
  'monitor:getSessions',
  'monitor:sampleNow',
  'monitor:setWatched',
  // audit-channels.ts
  'audit:list',
  // resource-channels.ts: one per catalogue operation offered over IPC (`group.op` → `group:op`)
  'archives:list',
  'archives:get',
  'archives:delete',
  'archives:restore',
  'cluster:get',
  'cluster:listAllowedIps',
  'cluster:addAllowedIp',
  'cluster:overwriteAllowedIps',
  'cluster:deleteAllowedIp',
  'cluster:deleteAllowedRange',
  'cluster:setServerSecurity',
  'cluster:getServerSecurity',
  'databases:create',
  'databases:list',
  'databases:get',
  'databases:drop',
  'databases:pin',
  'databases:updateSecurity',
  'databases:archive',
  'databases:updateArchive',
  'databases:export',
  'databases:import',
  'databases:move',
  'databases:rename',
  'databases:shrink',
  'jobs:getStatus',
  'jobs:getDetails',
  'jobs:listByInstance',
  'jobs:getByInstance',
  'sessions:list',
  'sessions:listByDatabase',
  'sessions:killByDatabase',
  'sessions:kill',
  'logins:list',
  'logins:create',
  'logins:updatePassword',
  'logins:delete',
  'clientIp:get',
  'instances:list',
  'instances:get',
  'instances:updateSecurity',
  'linkedServers:list',
  'linkedServers:create',
  'linkedServers:delete',
  // update-channels.ts
  'updates:getStatus',
  'updates:check',
  // proxy-channels.ts
  'proxy:getQuestions',
  'proxy:answer',
] as const satisfies readonly InvokeChannel[];

/** Every push event name of the contract (`domain:onDidX`), as in events.ts. */
export const EVENT_CHANNEL_NAMES = [
  'session:onDidChangeState',
  'session:onDidChangeOpen',
  'profiles:onDidChange',
  'jobs:onDidChange',
  'transfers:onDidChange',
  'settings:onDidChange',
  'monitor:onDidChange',
  'monitor:onDidRaiseBlockingAlert',
  'app:onDidRequestOpenItem',
  'app:onDidFailNotification',
  'app:onDidReceiveFiles',
  'updates:onDidChange',
  'app:onDidRequestCommand',
  'proxy:onDidChangeQuestions',
] as const satisfies readonly EventChannel[];

/** An invoke channel name; equal to the contract's `InvokeChannel` (checked below). */
export type InvokeChannelName = (typeof INVOKE_CHANNEL_NAMES)[number];
/** A push event name; equal to the contract's `EventChannel` (checked below). */
export type EventChannelName = (typeof EVENT_CHANNEL_NAMES)[number];

/**
 * Compile-time completeness: a contract name missing from a list above fails here with
 * "Type '"<name>"' does not satisfy the constraint 'never'": add that name to the list.
 */
type Unlisted<Missing extends never> = Missing;
type _EveryInvokeChannelListed = Unlisted<Exclude<InvokeChannel, InvokeChannelName>>;
type _EveryEventChannelListed = Unlisted<Exclude<EventChannel, EventChannelName>>;

const invokeSet: ReadonlySet<string> = new Set(INVOKE_CHANNEL_NAMES);
const eventSet: ReadonlySet<string> = new Set(EVENT_CHANNEL_NAMES);

/** True when `value` names an invoke channel of the contract (own names only, not `toString`). */
export function isInvokeChannel(value: unknown): value is InvokeChannelName {
  return typeof value === 'string' && invokeSet.has(value);
}

/** True when `value` names a push event of the contract. */
export function isEventChannel(value: unknown): value is EventChannelName {
  return typeof value === 'string' && eventSet.has(value);
}

/**
 * The preload's own channel, outside the contract: it tells main the local path of a file
 * dropped on the window (webUtils.getPathForFile), so that main may read it. The page cannot
 * send on it: the bridge lets through only the contract's names, and Electron's IPC object
 * stays in the preload. See src/main/app/dropped-files.ts.
 */
export const DROPPED_FILE_CHANNEL = 'preload:droppedFile';
