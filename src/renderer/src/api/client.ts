import { inject, type App, type InjectionKey } from 'vue';
import { AppError } from '@shared/errors';
import type { AppShellKind } from '@shared/ipc/app-channels';
import type {
  ChannelInput,
  ChannelOutput,
  EventChannel,
  EventPayload,
  InvokeChannel,
} from '@shared/ipc/contract';
import {
  HARNESS_DIALOG_EVENT,
  HarnessDialogChangeSchema,
  type HarnessDialogChange,
  type HarnessFilesChannel,
  type HarnessFilesInput,
  type HarnessFilesOutput,
} from '@shared/ipc/harness-files';
import { preloadTransport, type IpcTransport } from './transport';
import { harnessSocketUrl, websocketTransport } from './websocket-transport';

/** The input argument of channel `C`: optional when the channel takes nothing required. */
export type InputArgs<C extends InvokeChannel> =
  undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>];

/**
 * The renderer's typed door to main, the only code that touches `window.api` (or the
 * harness socket). `invoke` answers the channel's output or throws an {@link AppError}
 * rebuilt from the error envelope; `on` hands listeners the event's payload.
 */
export class IpcClient {
  readonly #transport: IpcTransport;

  constructor(transport: IpcTransport) {
    this.#transport = transport;
  }

  /** Which shell hosts this renderer. */
  get shell(): AppShellKind {
    return this.#transport.kind;
  }

  /** Calls `channel`; throws AppError when main answers an error. */
  async invoke<C extends InvokeChannel>(
    channel: C,
    ...args: InputArgs<C>
  ): Promise<ChannelOutput<C>> {
    const envelope = await this.#transport.invoke(channel, args[0]);
    if (!envelope.ok) throw new AppError(envelope.error);
    return envelope.data as ChannelOutput<C>;
  }

  /** Listens to `event`; the answer stops listening. */
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.#transport.on(event, (payload) => listener(payload as EventPayload<E>));
  }

  /**
   * Calls the browser harness's file browser (harness-files.ts). Only the harness's socket
   * carries it; in Electron, where native dialogs stand instead, this throws.
   */
  async invokeHarness<C extends HarnessFilesChannel>(
    channel: C,
    ...args: undefined extends HarnessFilesInput<C>
      ? [input?: HarnessFilesInput<C>]
      : [input: HarnessFilesInput<C>]
  ): Promise<HarnessFilesOutput<C>> {
    if (this.shell !== 'harness') {
      throw new AppError({
        code: 'VALIDATION',
        message: 'Only the browser harness has a file browser.',
      });
    }
    const envelope = await this.#transport.invoke(channel, args[0]);
    if (!envelope.ok) throw new AppError(envelope.error);
    return envelope.data as HarnessFilesOutput<C>;
  }

  /** Listens to the harness's file dialogs opening and closing (nothing comes in Electron). */
  onHarnessDialog(listener: (change: HarnessDialogChange) => void): () => void {
    if (this.shell !== 'harness') return () => undefined;
    return this.#transport.on(HARNESS_DIALOG_EVENT, (payload) => {
      const change = HarnessDialogChangeSchema.safeParse(payload);
      if (change.success) listener(change.data);
    });
  }

  /** The local path of a dropped file (Electron), or undefined (the browser harness). */
  pathForFile(file: File): string | undefined {
    return this.#transport.pathForFile(file);
  }
}

/** Picks the transport this page has: the preload bridge, else the harness socket. */
export function createIpcClient(win: Window = window): IpcClient {
  if (win.api) return new IpcClient(preloadTransport(win.api));
  const url = harnessSocketUrl(win.document, win.location);
  if (url) return new IpcClient(websocketTransport(url));
  throw new Error('No way to reach the app: neither the Electron bridge nor the harness.');
}

const CLIENT_KEY: InjectionKey<IpcClient> = Symbol('IpcClient');

/** Makes `client` available to components and stores through {@link useIpcClient}. */
export function provideIpcClient(app: App, client: IpcClient): void {
  app.provide(CLIENT_KEY, client);
}

/** The client provided to the app (in a component's or a setup store's setup). */
export function useIpcClient(): IpcClient {
  const client = inject(CLIENT_KEY);
  if (!client) throw new Error('The IPC client was not provided to the app.');
  return client;
}
