import { startEmulator } from '../../src/emulator/server';
import { SEED_NAMES, type SeedName } from '../../src/emulator/seed/seed';

/*
 * Runs an emulator in a child process (node child_process.fork with IPC), so that a test can
 * watch the emulator's own memory while it streams gigabytes, and a bench can count the
 * requests it served without the emulator's CPU and memory counting as the client's.
 * Argument 1: the data folder; argument 2 (optional): the seed (default demo); argument 3
 * (optional): `count-requests` to count the requests served (off by default, so the upload
 * tests' RSS is the emulator's alone).
 * Messages in: { type: 'rss', id } → answers { type: 'rss', id, rss };
 * { type: 'requests', id } → answers { type: 'requests', id, counts } (requests served so far
 * by "METHOD /path", query left out; empty unless counted); { type: 'close' }.
 * Environment: DATABRIDGE_EMULATOR_MAX_EXPORT_MIB raises the cap on an export's size (the
 * download bench exports GiBs); DATABRIDGE_EMULATOR_DOWNLOAD_CONNECTION_MIBPS paces each
 * download connection (the bench's link that limits each connection).
 * Message out once listening: { type: 'ready', url, baseUrl, authUrl }.
 */

type Request = { type: 'rss'; id: number } | { type: 'requests'; id: number } | { type: 'close' };

const send = (message: unknown): void => {
  process.send?.(message);
};

const seedArg = process.argv[3] ?? 'demo';
if (!(SEED_NAMES as readonly string[]).includes(seedArg)) {
  throw new Error(`Unknown seed "${seedArg}": one of ${SEED_NAMES.join(', ')}`);
}
/** Requests served by "METHOD /path" (a few dozen keys: the paths the client calls). */
const counts = new Map<string, number>();
const countRequest = (line: string): void => {
  const request = /^([A-Z]+) (\S+) /.exec(line);
  if (!request) {
    // Not a request line (an emulator bug): say it, as the emulator does without a log.
    console.error(line);
    return;
  }
  const key = `${request[1]} ${request[2]}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
};
const emulator = await startEmulator({
  seed: seedArg as SeedName,
  dataDir: process.argv[2],
  jobMs: 50,
  ...(process.env['DATABRIDGE_EMULATOR_MAX_EXPORT_MIB']
    ? { maxExportMib: Number(process.env['DATABRIDGE_EMULATOR_MAX_EXPORT_MIB']) }
    : {}),
  ...(process.argv[4] === 'count-requests' ? { log: countRequest } : {}),
  faults: {
    downloadConnectionMiBps: Number(
      process.env['DATABRIDGE_EMULATOR_DOWNLOAD_CONNECTION_MIBPS'] ?? 0,
    ),
  },
});

process.on('message', (message: Request) => {
  if (message.type === 'rss') {
    send({ type: 'rss', id: message.id, rss: process.memoryUsage().rss });
  } else if (message.type === 'requests') {
    send({ type: 'requests', id: message.id, counts: Object.fromEntries(counts) });
  } else if (message.type === 'close') {
    void emulator.close().finally(() => process.exit(0));
  }
});
// The parent went away without saying goodbye: do not linger.
process.on('disconnect', () => {
  void emulator.close().finally(() => process.exit(0));
});

send({ type: 'ready', url: emulator.url, baseUrl: emulator.baseUrl, authUrl: emulator.authUrl });
