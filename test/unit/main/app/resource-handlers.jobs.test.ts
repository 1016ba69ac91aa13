import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../src/shared/contract/catalogue';
import type { OperationDef } from '../../../../src/shared/contract/operation';
import { JOB_TYPES } from '../../../../src/shared/contract/enums';
import type { Profile } from '../../../../src/shared/model/profile';
import {
  createResourceHandlers,
  type StartedJob,
} from '../../../../src/main/app/resource-handlers';
import type { ServiceClient } from '../../../../src/main/services/http/service-client';
import { silentLogger } from '../../../../src/main/services/log/logger';

/*
 * Main labels every job a resource channel starts, once, from the operation's job declaration
 * in the catalogue; the renderer's stores no longer do (these labels were theirs).
 */

type Handler = (input: Record<string, unknown>) => Promise<unknown>;

/** The resource handlers over a client that answers every job operation with a job id. */
function setup() {
  const tracked: StartedJob[] = [];
  const client = {
    callWithHeaders: (id: string) =>
      Promise.resolve(
        id === 'databases.move'
          ? {
              status: 202,
              headers: { location: '/databridge/v1/sql-instances/sql-a/Jobs/job-move' },
              data: {},
            }
          : { status: 202, headers: {}, data: { jobId: `job-${id}` } },
      ),
  };
  const handlers = createResourceHandlers({
    profile: () => ({ readOnly: false }) as Profile,
    client: () => client as unknown as ServiceClient,
    trackJob: (job) => tracked.push(job),
    logger: silentLogger,
  }) as unknown as Record<string, Handler>;
  const call = (channel: string, input: Record<string, unknown>): Promise<unknown> => {
    const handler = handlers[channel];
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ profileId: 'p1', ...input });
  };
  return { tracked, call };
}

const db = { instanceName: 'sql-a', databaseName: 'Sales' };

describe('jobs started through the resource channels', () => {
  it('are tracked once each, with the type, label and resource their declaration gives', async () => {
    const { tracked, call } = setup();
    await call('databases:create', {
      pathParams: { instanceName: 'sql-a' },
      body: { databaseName: 'New DB', groupIds: ['g1'] },
    });
    await call('databases:rename', { pathParams: db, body: { name: 'Sales_2025' } });
    await call('databases:shrink', { pathParams: db, body: { truncateLogsOnly: true } });
    await call('databases:archive', {
      pathParams: db,
      headers: { 'x-platform-resource-group-id': '3f2504e0-4f89-11d3-9a0c-0305e82c3301' },
      body: { expirationDate: '2030-01-01T00:00:00.000Z' },
    });
    await call('logins:create', {
      pathParams: { instanceName: 'sql-eu-dev-01' },
      body: { login: 'app_user', password: 'S3cret!pass', role: 'Contributor' },
    });
    await call('logins:delete', {
      pathParams: { instanceName: 'sql-eu-dev-01', loginName: 'slow' },
    });
    await call('archives:restore', {
      pathParams: { instanceName: 'sql-eu-prod-01', archiveId: 'a-0' },
      body: { databaseName: 'Db_0_restored' },
    });
    const p = { profileId: 'p1' };
    expect(tracked).toEqual([
      {
        ...p,
        instanceName: 'sql-a',
        jobId: 'job-databases.create',
        type: 'CREATE_DATABASE',
        label: 'Create New DB',
        resourceName: 'New DB',
      },
      {
        ...p,
        instanceName: 'sql-a',
        jobId: 'job-databases.rename',
        type: 'RENAME_DATABASE',
        label: 'Rename Sales to Sales_2025',
        resourceName: 'Sales',
      },
      {
        ...p,
        instanceName: 'sql-a',
        jobId: 'job-databases.shrink',
        type: 'SHRINK_DATABASE',
        label: 'Shrink Sales (logs only)',
        resourceName: 'Sales',
      },
      {
        ...p,
        instanceName: 'sql-a',
        jobId: 'job-databases.archive',
        type: 'ARCHIVE_DATABASE',
        label: 'Archive Sales',
        resourceName: 'Sales',
      },
      {
        ...p,
        instanceName: 'sql-eu-dev-01',
        jobId: 'job-logins.create',
        type: 'CREATE_LOGIN',
        label: 'Create Contributor login app_user',
        resourceName: 'app_user',
      },
      {
        ...p,
        instanceName: 'sql-eu-dev-01',
        jobId: 'job-logins.delete',
        type: 'DELETE_LOGIN',
        label: 'Delete login slow',
        resourceName: 'slow',
      },
      {
        ...p,
        instanceName: 'sql-eu-prod-01',
        jobId: 'job-archives.restore',
        type: 'RESTORE_ARCHIVE',
        label: 'Restore archive into Db_0_restored',
        resourceName: 'Db_0_restored',
      },
    ]);
  });

  it('take the id of a move from its Location header', async () => {
    const { tracked, call } = setup();
    expect(await call('databases:move', { pathParams: db, body: { serverName: 'sql-b' } })).toEqual(
      {},
    );
    expect(tracked).toEqual([
      {
        profileId: 'p1',
        instanceName: 'sql-a',
        jobId: 'job-move',
        type: 'MOVE_DATABASE',
        label: 'Move Sales to sql-b',
        resourceName: 'Sales',
      },
    ]);
  });

  it('name the file type of an export, and of an import when it is given', async () => {
    const { tracked, call } = setup();
    await call('databases:export', { pathParams: db, query: { exportTo: 1 } });
    await call('databases:import', { pathParams: db, query: { importFrom: 2 } });
    await call('databases:import', { pathParams: db });
    expect(tracked.map((job) => [job.type, job.label])).toEqual([
      ['EXPORT_DATABASE', 'Export Sales to BAK'],
      ['IMPORT_DATABASE', 'Import Sales from DACPAC'],
      ['IMPORT_DATABASE', 'Import Sales'],
    ]);
  });

  it('every job-starting operation of the catalogue declares a known job type', () => {
    const operations: readonly OperationDef[] = catalogue;
    const starting = operations.filter((op) => op.startsJob);
    expect(starting.length).toBe(10);
    for (const op of starting) expect(JOB_TYPES, op.id).toContain(op.job?.type);
    expect(operations.filter((op) => !op.startsJob && op.job !== undefined)).toEqual([]);
  });
});
