import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/server';
import { ApiKeyAuth } from '../../src/main/services/auth/api-key-auth';
import { createDispatcher } from '../../src/main/services/http/dispatcher';
import {
  ServiceClient,
  type ServiceClientOptions,
} from '../../src/main/services/http/service-client';
import type { Dispatcher } from 'undici';

/** A running emulator that records the requests it served ("METHOD /path STATUS"). */
export interface RecordingEmulator {
  readonly emulator: Emulator;
  readonly requests: string[];
  /** The requests received, as they arrive ("METHOD /path"), answered or not. */
  readonly received: string[];
  /** Requests whose line matches `pattern`. */
  count(pattern: RegExp): number;
  close(): Promise<void>;
}

/** Starts an emulator on 127.0.0.1 with a request log. */
export async function startRecordingEmulator(
  options: EmulatorOptions = {},
): Promise<RecordingEmulator> {
  const requests: string[] = [];
  const received: string[] = [];
  const emulator = await startEmulator({
    jobMs: 100,
    ...options,
    onReceived: (line) => received.push(line),
    log: (line) => {
      if (/^(GET|POST|PUT|PATCH|DELETE) /.test(line)) requests.push(line);
    },
  });
  return {
    emulator,
    requests,
    received,
    count: (pattern) => requests.filter((line) => pattern.test(line)).length,
    close: () => emulator.close(),
  };
}

/** A client of the emulator signed in with an API key (Admin by default). */
export function apiKeyClient(
  emulator: Emulator,
  options: Partial<ServiceClientOptions> & { apiKey?: string } = {},
): { client: ServiceClient; dispatcher: Dispatcher } {
  const dispatcher = options.dispatcher ?? createDispatcher({ env: {} });
  const client = new ServiceClient({
    baseUrl: emulator.baseUrl,
    authUrl: emulator.authUrl,
    dispatcher,
    auth: new ApiKeyAuth({ profileId: 'test', apiKey: options.apiKey ?? 'demo-admin-key' }),
    sleep: () => Promise.resolve(),
    ...options,
  });
  return { client, dispatcher };
}
