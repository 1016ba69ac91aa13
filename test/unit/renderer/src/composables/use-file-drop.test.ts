import { describe, expect, it } from 'vitest';
import { IpcClient } from '@renderer/api/client';
import type { IpcTransport } from '@renderer/api/transport';
import { dropTargetOf, resolveDroppedPaths } from '@renderer/composables/use-file-drop';
import { treeDropTarget } from '@renderer/composables/use-tree-drop';
import { flattenNodes, profileNode } from '@renderer/model/navigation/tree-nodes';
import { okEnvelope } from '@shared/ipc/envelope';
import { database, profile } from '../../../../support/renderer/explorer-fixtures';

/** A transport whose dialog answers `queued`, and which knows the paths in `known`. */
function client(
  kind: 'electron' | 'harness',
  queued: string[],
  known: Record<string, string> = {},
) {
  const asked: unknown[] = [];
  const transport: IpcTransport = {
    kind,
    invoke: (channel, input) => {
      asked.push({ channel, input });
      return Promise.resolve(okEnvelope({ paths: queued }));
    },
    on: () => () => undefined,
    pathForFile: (file) => known[file.name],
  };
  return { client: new IpcClient(transport), asked };
}

const file = (name: string): File => new File([new Uint8Array([1])], name);

describe('resolveDroppedPaths', () => {
  it('uses the paths the shell knows (Electron) without asking anything', async () => {
    const { client: ipc, asked } = client('electron', [], { 'Sales.bak': '/home/ann/Sales.bak' });
    await expect(resolveDroppedPaths(ipc, [file('Sales.bak')])).resolves.toEqual([
      '/home/ann/Sales.bak',
    ]);
    expect(asked).toEqual([]);
  });

  it('refuses a file without a path in Electron, naming it', async () => {
    const { client: ipc } = client('electron', ['/tmp/Sales.bak']);
    await expect(resolveDroppedPaths(ipc, [file('Sales.bak')])).rejects.toThrow(
      /Sales.bak has no local path/,
    );
  });

  it('in the harness only, asks the dialog queue and matches the paths by file name', async () => {
    const { client: ipc, asked } = client('harness', ['/prep/b/HR.mdf', '/prep/a/Sales.bak']);
    await expect(resolveDroppedPaths(ipc, [file('Sales.bak'), file('HR.mdf')])).resolves.toEqual([
      '/prep/a/Sales.bak',
      '/prep/b/HR.mdf',
    ]);
    expect(asked).toHaveLength(1);
    const { client: wrong } = client('harness', ['/prep/Other.bak']);
    await expect(resolveDroppedPaths(wrong, [file('Sales.bak')])).rejects.toThrow(
      /no prepared path/,
    );
  });
});

describe('dropTargetOf', () => {
  it('is the instance of any view under an instance, and nothing elsewhere', () => {
    expect(dropTargetOf({ kind: 'databases', profileId: 'p', instanceName: 'i' })).toEqual({
      profileId: 'p',
      instanceName: 'i',
    });
    expect(
      dropTargetOf({ kind: 'database', profileId: 'p', instanceName: 'i', databaseName: 'd' }),
    ).toEqual({ profileId: 'p', instanceName: 'i' });
    expect(dropTargetOf({ kind: 'instances', profileId: 'p' })).toBeUndefined();
    expect(dropTargetOf({ kind: 'connections' })).toBeUndefined();
  });
});

describe('treeDropTarget', () => {
  const loaded = (items: unknown[]) =>
    ({ items, isLoading: false, isLoaded: true, error: undefined }) as never;
  const tree = profileNode(profile(), {
    instances: () => loaded([{ name: 'sql-a', status: 'Online' }, { name: 'sql-b' }]),
    databases: () => loaded([database('Sales')]),
  });
  const targets = new Map(
    flattenNodes([tree]).map((node) => [node.key, treeDropTarget(node)?.instanceName]),
  );

  it('is the node’s own instance for the instance and every node under it', () => {
    expect(targets.get('instance/p1/sql-b')).toBe('sql-b');
    expect(targets.get('databases/p1/sql-b')).toBe('sql-b');
    expect(targets.get('database/p1/sql-a/Sales')).toBe('sql-a');
    expect(targets.get('logins/p1/sql-a')).toBe('sql-a');
  });

  it('is nothing for the profile, Cluster and My IP nodes', () => {
    expect(targets.get('instances/p1')).toBeUndefined();
    expect(targets.get('cluster/p1')).toBeUndefined();
    expect(targets.get('myIp/p1')).toBeUndefined();
    expect(targets.size).toBe(19);
  });
});
