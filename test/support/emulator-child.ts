import { startEmulator } from '../../src/emulator/server';

/*
 * Runs an emulator in a child process (node child_process.fork with IPC), so that a test can
 * watch the emulator's own memory while it streams gigabytes. Argument 1: the data folder.
 * Messages in: { type: 'rss', id } → answers { type: 'rss', id, rss }; { type: 'close' }.
 * Message out once listening: { type: 'ready', url, baseUrl }.
 */

type Request = { type: 'rss'; id: number } | { type: 'close' };

const send = (message: unknown): void => {
  process.send?.(message);
};

const emulator = await startEmulator({ seed: 'demo', dataDir: process.argv[2], jobMs: 50 });

process.on('message', (message: Request) => {
  if (message.type === 'rss') {
    send({ type: 'rss', id: message.id, rss: process.memoryUsage().rss });
  } else if (message.type === 'close') {
    void emulator.close().finally(() => process.exit(0));
  }
});
// The parent went away without saying goodbye: do not linger.
process.on('disconnect', () => {
  void emulator.close().finally(() => process.exit(0));
});

send({ type: 'ready', url: emulator.url, baseUrl: emulator.baseUrl });
