import type { z } from 'zod';
import { activityChannels } from './activity-channels';
import { appChannels } from './app-channels';
import { auditChannels } from './audit-channels';
import { eventChannels } from './events';
import { monitorChannels } from './monitor-channels';
import { profileChannels } from './profile-channels';
import { resourceChannels } from './resource-channels';
import { proxyChannels } from './proxy-channels';
import { updateChannels } from './update-channels';

/**
 * The IPC contract: every invoke channel (`domain:verbNoun`) with its input and output
 * schema, and every push event (`domain:onDidX`) with its payload schema. Main registers
 * exactly these channels, the preload allows exactly these names, and the renderer's client
 * takes its types from here. Both transports (Electron IPC, the harness WebSocket) carry it.
 */
export const invokeChannels = {
  ...appChannels,
  ...profileChannels,
  ...activityChannels,
  ...monitorChannels,
  ...resourceChannels,
  ...auditChannels,
  ...updateChannels,
  ...proxyChannels,
};

/** The invoke contract's type. */
export type InvokeContract = typeof invokeChannels;
/** Any invoke channel name. */
export type InvokeChannel = Extract<keyof InvokeContract, string>;
/** What a caller passes to channel `C` (before defaults). */
export type ChannelInput<C extends InvokeChannel> = z.input<InvokeContract[C]['input']>;
/** What the handler of channel `C` receives (validated, defaults applied). */
export type ChannelParsedInput<C extends InvokeChannel> = z.output<InvokeContract[C]['input']>;
/** What channel `C` answers. */
export type ChannelOutput<C extends InvokeChannel> = z.output<InvokeContract[C]['output']>;

/** The event contract's type. */
export type EventContract = typeof eventChannels;
/** Any push event name. */
export type EventChannel = Extract<keyof EventContract, string>;
/** The payload of event `E`. */
export type EventPayload<E extends EventChannel> = z.output<EventContract[E]>;

/**
 * Every invoke channel name, from the schemas: what main registers. The preload's allowlist is
 * the zod-free copy in channel-names.ts, checked equal to this.
 */
export const INVOKE_CHANNELS: readonly InvokeChannel[] = Object.freeze(
  Object.keys(invokeChannels) as InvokeChannel[],
);

/** Every push event name, from the schemas (zod-free copy in channel-names.ts). */
export const EVENT_CHANNELS: readonly EventChannel[] = Object.freeze(
  Object.keys(eventChannels) as EventChannel[],
);

export { eventChannels };
