import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  parseServeArgs,
  type ServeSettings,
} from '../../../../../src/main/cli/monitor-serve/serve-args';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'serve-args-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const parse = async (args: string[], env: Record<string, string> = {}) =>
  (await parseServeArgs(['monitor', 'serve', ...args], env)) as ServeSettings;

describe('parseServeArgs', () => {
  it('has loopback, a 5 s interval and the systemd state folder by default', async () => {
    const settings = await parse(['--profile', 'Prod', '--profile', 'Lab'], {
      STATE_DIRECTORY: '/var/lib/databridge-monitor',
    });
    expect(settings.listen).toEqual({ host: '127.0.0.1', port: 9420 });
    expect(settings.intervalSeconds).toBe(5);
    expect(settings.historyDir).toBe(join('/var/lib/databridge-monitor', 'history'));
    expect(settings.connections).toEqual([
      { name: 'Prod', profile: 'Prod' },
      { name: 'Lab', profile: 'Lab' },
    ]);
    expect(settings.token).toBeUndefined();
    expect(settings.maxConnections).toBe(256);
  });

  it('takes a PAC URL from --proxy-pac or the file, the option first, and refuses a non-http one', async () => {
    const file = join(dir, 'serve.json');
    await writeFile(file, JSON.stringify({ proxyPac: 'http://wpad.corp/file.pac' }));
    expect((await parse(['--profile', 'Prod', '--config', file])).proxyPac).toBe(
      'http://wpad.corp/file.pac',
    );
    const given = await parse([
      '--profile',
      'Prod',
      '--config',
      file,
      '--proxy-pac',
      'https://wpad.corp/o.pac',
    ]);
    expect(given.proxyPac).toBe('https://wpad.corp/o.pac');
    await expect(parse(['--profile', 'Prod', '--proxy-pac', 'file:///p.pac'])).rejects.toThrow(
      '--proxy-pac must be the http(s) URL of a PAC file',
    );
  });

  it('takes a connection cap, and refuses one that is not a whole number from 1', async () => {
    expect((await parse(['--profile', 'Prod', '--max-connections', '40'])).maxConnections).toBe(40);
    for (const bad of ['0', '2.5', 'many', '100001']) {
      await expect(parse(['--profile', 'Prod', '--max-connections', bad])).rejects.toThrow(
        /--max-connections must be a whole number from 1 to 100000/,
      );
    }
  });

  it('merges the configuration file, the command line winning', async () => {
    const config = join(dir, 'serve.json');
    await writeFile(
      config,
      JSON.stringify({
        listen: '0.0.0.0:9500',
        intervalSeconds: 10,
        tokenFile: '/etc/token',
        connections: [{ name: 'eu', region: 'EU', apiKeyEnv: 'KEY_EU', exclude: ['sql-x'] }],
      }),
    );
    const settings = await parse(['--config', config, '--interval', '2']);
    expect(settings.listen).toEqual({ host: '0.0.0.0', port: 9500 });
    expect(settings.intervalSeconds).toBe(2);
    expect(settings.token).toEqual({ file: '/etc/token' });
    expect(settings.connections[0]).toMatchObject({ name: 'eu', exclude: ['sql-x'] });
  });

  it('refuses what cannot run, saying why', async () => {
    const config = join(dir, 'bad.json');
    await writeFile(config, JSON.stringify({ connections: [{ name: 'a b' }] }));
    await expect(parse(['--config', config])).rejects.toThrow(/connections\.0\.name/);
    for (const where of [{ baseUrl: 'http://127.0.0.1:7420/databridge' }, { region: 'US' }]) {
      await writeFile(
        config,
        JSON.stringify({ connections: [{ name: 'p', profile: 'P', ...where }] }),
      );
      await expect(parse(['--config', config])).rejects.toThrow(
        /connections\.0\.profile: give "profile" or "baseUrl"\/"region", not both/,
      );
    }
    await expect(parse([])).rejects.toThrow(/--profile NAME/);
    await expect(parse(['--profile', 'a', '--interval', '0'])).rejects.toThrow(/--interval/);
    await expect(parse(['--profile', 'a', '--tls-cert', 'c'])).rejects.toThrow(/--tls-key/);
    await expect(
      parse(['--profile', 'a', '--token-file', 'f', '--token-env', 'V']),
    ).rejects.toThrow(/one way/);
    await expect(parse(['--profile', 'a', '--profile', 'A'])).rejects.toThrow(/Two connections/);
    await expect(parse(['--profile', 'a', '--bogus'])).rejects.toThrow(/bogus/);
    expect(await parseServeArgs(['monitor', 'serve', '--help'], {})).toBe('help');
  });
});
