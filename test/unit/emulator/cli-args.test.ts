import { describe, expect, it } from 'vitest';
import { DEFAULT_CLI_PORT, USAGE, parseCliArgs } from '../../../src/emulator/cli-args';
import { SEED_NAMES } from '../../../src/emulator/seed/seed';

describe('parseCliArgs', () => {
  it('defaults to port 7420 and nothing else', () => {
    expect(parseCliArgs([])).toEqual({
      help: false,
      quiet: false,
      options: { port: DEFAULT_CLI_PORT },
      once: [],
    });
  });

  it('reads every option and fault flag', () => {
    const request = parseCliArgs([
      '--port=0',
      '--host',
      '0.0.0.0',
      '--seed',
      'empty',
      '--data-dir',
      '/tmp/x',
      '--job-ms',
      '200',
      '--token-ttl',
      '60',
      '--url-ttl',
      '30',
      '--min-part-size',
      '1024',
      '--latency-ms',
      '5',
      '--rate-500',
      '0.1',
      '--rate-503',
      '0.2',
      '--rate-429',
      '0.3',
      '--retry-after',
      '0',
      '--reset-part-rate',
      '0.5',
      '--download-connection-mibps',
      '20',
      '--quiet',
    ]);
    expect(request.quiet).toBe(true);
    expect(request.options).toEqual({
      port: 0,
      host: '0.0.0.0',
      seed: 'empty',
      dataDir: '/tmp/x',
      jobMs: 200,
      tokenTtlSec: 60,
      urlTtlSec: 30,
      minPartSize: 1024,
      faults: {
        latencyMs: 5,
        rate500: 0.1,
        rate503: 0.2,
        rate429: 0.3,
        retryAfterSec: 0,
        resetPartRate: 0.5,
        downloadConnectionMiBps: 20,
      },
    });
  });

  it('paces each download connection with --download-connection-mibps, listed in --help', () => {
    expect(parseCliArgs(['--download-connection-mibps=12.5']).options.faults).toEqual({
      downloadConnectionMiBps: 12.5,
    });
    expect(parseCliArgs(['--download-connection-mibps', '0']).options.faults).toEqual({
      downloadConnectionMiBps: 0,
    });
    expect(() => parseCliArgs(['--download-connection-mibps=-1'])).toThrow(
      /--download-connection-mibps must be a number of 0 or more/,
    );
    expect(() => parseCliArgs(['--download-connection-mibps', '-1'])).toThrow(
      /--download-connection-mibps/,
    );
    expect(() => parseCliArgs(['--download-connection-mibps', 'fast'])).toThrow(
      /--download-connection-mibps/,
    );
    expect(USAGE).toMatch(/--download-connection-mibps <n>[\s\S]*per\s+connection/);
  });

  it('arms one-shot faults with --once, repeatable, with a count', () => {
    expect(parseCliArgs(['--once', 'jobFail', '--once=partPut:3']).once).toEqual([
      { fault: 'jobFail', count: 1 },
      { fault: 'partPut', count: 3 },
    ]);
    expect(() => parseCliArgs(['--once', 'diskFull'])).toThrow(/--once must name one of/);
    expect(() => parseCliArgs(['--once', 'partPut:0'])).toThrow(/whole number of 1 or more/);
  });

  it('refuses unknown flags, bad numbers and bad seeds', () => {
    expect(() => parseCliArgs(['--colour', 'red'])).toThrow();
    expect(() => parseCliArgs(['--port', 'eighty'])).toThrow(/--port/);
    expect(() => parseCliArgs(['--job-ms', '-5'])).toThrow(/--job-ms/);
    expect(() => parseCliArgs(['--seed', 'full'])).toThrow(/--seed/);
  });

  it('accepts every seed, monitor included', () => {
    for (const seed of SEED_NAMES) {
      expect(parseCliArgs(['--seed', seed]).options.seed).toBe(seed);
    }
    expect(SEED_NAMES).toContain('monitor');
    expect(USAGE).toMatch(/--seed <name>[\s\S]*monitor/);
    expect(() => parseCliArgs(['--seed', 'full'])).toThrow(/demo, empty, large or monitor/);
  });
});
