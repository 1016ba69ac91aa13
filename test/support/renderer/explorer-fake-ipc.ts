import { fakeIpc, settle, type FakeHandler } from './resources-fake-ipc';

/** Answers a channel's input (throw an AppError to answer an error envelope). */
export type Handler = (input: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A stand-in for main behind our IpcTransport interface (see resources-fake-ipc.ts): channels
 * answer from `handlers` (replaceable during a test, as the object is kept), every call is
 * recorded, and events can be pushed.
 */
export function explorerIpc(handlers: Record<string, Handler> = {}) {
  const ipc = fakeIpc(handlers as Record<string, FakeHandler>);
  return {
    handlers,
    calls: ipc.calls,
    /** The inputs sent to `channel`, in order. */
    inputsOf: ipc.callsTo,
    emit: ipc.emit,
  };
}

/** Lets pending promise callbacks run (fake answers are still asynchronous). */
export const flush = settle;
