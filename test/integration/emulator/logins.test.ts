import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type { Login } from '../../../src/shared/contract/records/logins';
import { KEYS, callOp, expectOp, expectOpError, waitForJob } from '../../support/emulator-client';

const DEV = 'sql-eu-dev-01';

let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 50 });
});
afterAll(async () => {
  await em.close();
});

const logins = () =>
  expectOp<Login[]>(em, 'logins.list', 200, {
    params: { instanceName: DEV },
    auth: KEYS.contributor,
  });

describe('logins', () => {
  it('lists the seeded logins (Contributor and up)', async () => {
    expect((await logins()).map((l) => l.name)).toContain('etl_loader');
    await expectOpError(em, 'logins.list', 403, {
      params: { instanceName: DEV },
      auth: KEYS.consumer,
    });
    await expectOpError(em, 'logins.list', 404, { params: { instanceName: 'sql-nowhere' } });
  });

  it('creates a login through a job; 409 when it exists', async () => {
    const body = { login: 'new_reader', password: 'S3cret!pass', role: 'Consumer' };
    const { jobId } = await expectOp<{ jobId: string }>(em, 'logins.create', 202, {
      params: { instanceName: DEV },
      body,
      auth: KEYS.contributor,
    });
    await expectOpError(em, 'logins.create', 409, { params: { instanceName: DEV }, body });
    expect(await waitForJob(em, jobId)).toBe('Succeeded');
    expect((await logins()).find((l) => l.name === 'new_reader')).toMatchObject({
      role: 'Consumer',
      status: 'Enabled',
    });
    await expectOpError(em, 'logins.create', 409, {
      params: { instanceName: DEV },
      body: { ...body, login: 'NEW_READER' },
    });
  });

  it('refuses bad login requests with 400 and Consumers with 403', async () => {
    const create = (body: unknown, auth?: string) => ({
      params: { instanceName: DEV },
      body,
      ...(auth ? { auth } : {}),
    });
    await expectOpError(
      em,
      'logins.create',
      400,
      create({ login: 'x', password: 'p', role: 'Admin' }),
      /role/i,
    );
    await expectOpError(
      em,
      'logins.create',
      400,
      create({ login: 'x'.repeat(21), password: 'p', role: 'Consumer' }),
      /20/,
    );
    await expectOpError(em, 'logins.create', 400, create({ login: 'x', role: 'Consumer' }));
    await expectOpError(
      em,
      'logins.create',
      403,
      create({ login: 'x', password: 'p', role: 'Consumer' }, KEYS.consumer),
    );
  });

  it("refuses with 400 what SQL Server's default password policy refuses, and creates nothing", async () => {
    const create = (login: string, password: string) => ({
      params: { instanceName: DEV },
      body: { login, password, role: 'Consumer' },
    });
    const short = await expectOpError(
      em,
      'logins.create',
      400,
      create('weak_reader', 'abc'),
      /^Password validation failed\. .*shorter than 8 characters/,
    );
    expect(short).toMatch(/Choose a password of at least 8 characters/);
    await expectOpError(
      em,
      'logins.create',
      400,
      create('weak_reader', 'abcdefgh12'),
      /fewer than three of capital letters, small letters, digits and symbols/,
    );
    await expectOpError(
      em,
      'logins.create',
      400,
      create('weak_reader', 'Weak_Reader!2026'),
      /contains the login name/,
    );
    expect((await logins()).some((l) => l.name === 'weak_reader')).toBe(false);
    // The same name with a password the policy accepts is created.
    await expectOp(em, 'logins.create', 202, create('weak_reader', 'Str0ng!Passw0rd'));
  });

  it('refuses a new password the policy refuses with 400, naming the login in the check', async () => {
    const update = (password: string) => ({
      params: { instanceName: DEV, loginName: 'etl_loader' },
      body: { password },
    });
    await expectOpError(em, 'logins.updatePassword', 400, update('password'), /shorter|fewer/);
    await expectOpError(
      em,
      'logins.updatePassword',
      400,
      update('My!ETL_LOADER#1'),
      /contains the login name/,
    );
    await expectOp(em, 'logins.updatePassword', 200, update('My!Loader#2026'));
  });

  it('changes a password; 404 for an unknown login', async () => {
    await expectOp(em, 'logins.updatePassword', 200, {
      params: { instanceName: DEV, loginName: 'report_reader' },
      body: { password: 'N3w!pass' },
    });
    await expectOpError(em, 'logins.updatePassword', 404, {
      params: { instanceName: DEV, loginName: 'ghost' },
      body: { password: 'x' },
    });
    await expectOpError(em, 'logins.updatePassword', 400, {
      params: { instanceName: DEV, loginName: 'report_reader' },
      body: { password: '' },
    });
  });

  it('deletes a login through a job; 404 for an unknown one', async () => {
    const answer = await callOp(em, 'logins.delete', {
      params: { instanceName: DEV, loginName: 'analyst_jane' },
    });
    expect(answer.status).toBe(202);
    const { jobId } = answer.body as { jobId: string };
    expect((await logins()).find((l) => l.name === 'analyst_jane')?.status).toBe('Deleting');
    expect(await waitForJob(em, jobId)).toBe('Succeeded');
    expect((await logins()).some((l) => l.name === 'analyst_jane')).toBe(false);
    await expectOpError(em, 'logins.delete', 404, {
      params: { instanceName: DEV, loginName: 'analyst_jane' },
    });
  });
});
