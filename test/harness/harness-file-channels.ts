import type { z } from 'zod';
import { AppError, toAppErrorData } from '../../src/shared/errors';
import { errorEnvelope, okEnvelope, type IpcEnvelope } from '../../src/shared/ipc/envelope';
import {
  harnessFileChannels,
  type HarnessFilesChannel,
  type HarnessFilesOutput,
} from '../../src/shared/ipc/harness-files';
import type { HarnessFileDialogs } from './harness-file-dialogs';

type Handlers = {
  readonly [C in HarnessFilesChannel]: (
    input: z.output<(typeof harnessFileChannels)[C]['input']>,
  ) => Promise<HarnessFilesOutput<C>>;
};

function handlersOf(dialogs: HarnessFileDialogs | undefined): Handlers {
  const off = (): never => {
    throw new AppError({
      code: 'UNAVAILABLE',
      message: 'This harness answers its file dialogs from tests only: its file browser is off.',
    });
  };
  return {
    'harnessFiles:getState': () =>
      dialogs ? dialogs.state() : Promise.resolve({ isEnabled: false, roots: [], dialog: null }),
    'harnessFiles:list': async (input) => (dialogs ?? off()).list(input),
    'harnessFiles:answer': async (input) => {
      await (dialogs ?? off()).answer(input);
      return undefined;
    },
  };
}

/**
 * One request of the page to the file browser, checked as the app's router checks its own:
 * the input against the channel's schema, the answer as an envelope whose error carries a
 * code and a message only. `dialogs` is undefined when the browser is off.
 */
export async function invokeHarnessFiles(
  dialogs: HarnessFileDialogs | undefined,
  channel: HarnessFilesChannel,
  rawInput: unknown,
): Promise<IpcEnvelope> {
  const def = harnessFileChannels[channel];
  const input = def.input.safeParse(rawInput);
  if (!input.success) {
    return errorEnvelope({
      code: 'VALIDATION',
      message: `The file browser's request is not valid: ${input.error.issues[0]?.message ?? ''}`,
    });
  }
  try {
    const handler = handlersOf(dialogs)[channel] as (input: unknown) => Promise<unknown>;
    return okEnvelope(def.output.parse(await handler(input.data)));
  } catch (error) {
    return errorEnvelope(toAppErrorData(error));
  }
}
