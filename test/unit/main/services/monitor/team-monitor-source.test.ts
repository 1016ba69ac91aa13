import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../../../../src/shared/errors';
import type { ServedInstances } from '../../../../../src/shared/model/monitor-serve';
import { TeamMonitorClient } from '../../../../../src/main/services/monitor/team-monitor-client';
import {
  chooseMonitorSource,
  chooseTeamConnection,
} from '../../../../../src/main/services/monitor/team-monitor-source';

const URL_ = 'https://monitor.example:9464';

function served(...pairs: [string, string][]): Pick<ServedInstances, 'watched'> {
  return {
    watched: pairs.map(([profileId, instanceName]) => ({
      profileId,
      instanceName,
      region: 'EU',
      health: 'ok' as const,
      heads: [],
    })),
  };
}

describe('chooseMonitorSource', () => {
  it('reads the team monitor when the profile names one, else the service', () => {
    expect(chooseMonitorSource({ teamMonitor: { url: URL_ } })).toEqual({
      kind: 'team',
      url: URL_,
    });
    expect(chooseMonitorSource({})).toEqual({ kind: 'service' });
    expect(chooseMonitorSource({ teamMonitor: { url: '  ' } })).toEqual({ kind: 'service' });
  });

  it("reads the organisation's team monitor where the profile names none, but not for the emulator", () => {
    const ORG = 'https://monitor.corp.example:9464';
    expect(chooseMonitorSource({}, ORG)).toEqual({ kind: 'team', url: ORG });
    expect(chooseMonitorSource({ teamMonitor: { url: URL_ } }, ORG)).toEqual({
      kind: 'team',
      url: URL_,
    });
    expect(chooseMonitorSource({ isEmulator: true }, ORG)).toEqual({ kind: 'service' });
    expect(chooseMonitorSource({ isEmulator: false }, ORG)).toEqual({ kind: 'team', url: ORG });
  });
});

describe('chooseTeamConnection', () => {
  const wanted = { profileName: 'Prod EU', instanceName: 'sql-1', url: URL_ };

  it('takes the one connection that watches the instance', () => {
    expect(chooseTeamConnection(served(['eu', 'sql-1'], ['us', 'sql-2']), wanted)).toBe('eu');
  });

  it('among several, takes the one named like the profile', () => {
    const both = served(['staging', 'sql-1'], ['prod eu', 'sql-1']);
    expect(chooseTeamConnection(both, wanted)).toBe('prod eu');
  });

  it('names the URL and what to do when none or several fit', () => {
    const none = () => chooseTeamConnection(served(['eu', 'sql-2']), wanted);
    expect(none).toThrow(`The team monitor at ${URL_} does not watch sql-1`);
    const many = () => chooseTeamConnection(served(['a', 'sql-1'], ['b', 'sql-1']), wanted);
    expect(many).toThrow(/several connections \(a, b\).*clear the team monitor URL/);
  });
});

describe('TeamMonitorClient against a server that answers badly', () => {
  let server: Server | undefined;
  let agent: Agent | undefined;
  afterEach(async () => {
    server?.close();
    server = undefined;
    await agent?.close();
    agent = undefined;
  });

  async function answering(status: number, body: string): Promise<TeamMonitorClient> {
    server = createServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    agent = new Agent();
    return new TeamMonitorClient({ url, dispatcher: agent });
  }

  async function failure(client: TeamMonitorClient) {
    const error = await client.instances(new AbortController().signal).catch((e: unknown) => e);
    if (!isAppError(error)) throw new Error('expected an AppError');
    return error;
  }

  it('refuses an answer that is not JSON, naming the URL', async () => {
    const client = await answering(200, '<html>proxy login</html>');
    const error = await failure(client);
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.message).toContain(`The team monitor at ${client.url} answered something`);
  });

  it('refuses JSON that is not the served API (zod), naming the field', async () => {
    const client = await answering(200, JSON.stringify({ generatedAt: 1, watched: 'x' }));
    const error = await failure(client);
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.message).toMatch(/not its API \(field \w+/);
  });

  it('reports a server error with its message, and never as a sign-in of the service', async () => {
    const client = await answering(
      503,
      JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'busy' } }),
    );
    const error = await failure(client);
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toContain('answered HTTP 503: busy');
  });

  it('reports a refused token as FORBIDDEN, saying to enter the token', async () => {
    const refused = await failure(await answering(401, '{}'));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toMatch(/refused the bearer token \(HTTP 401\)\. Enter the token/);
  });
});
