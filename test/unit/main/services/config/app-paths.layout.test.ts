import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  auditDir,
  journalFolders,
  monitorHistoryDir,
  openConnectionsFile,
  profilesFile,
  serveHistoryDir,
  settingsFile,
  updatesFile,
} from '../../../../../src/main/services/config/app-paths';

/*
 * The data folder's layout is named in app-paths.ts alone: every place the app and the
 * command line keep in it, and no other module of src/main joining a name onto a data folder.
 */

const DATA = join('/', 'data');

describe('the data folder', () => {
  it('keeps each thing in its one place', () => {
    expect({
      profiles: profilesFile(DATA),
      settings: settingsFile(DATA),
      updates: updatesFile(DATA),
      openConnections: openConnectionsFile(DATA),
      audit: auditDir(DATA),
      monitor: monitorHistoryDir(DATA),
      serve: serveHistoryDir(DATA),
      journals: journalFolders(DATA),
    }).toEqual({
      profiles: join(DATA, 'profiles.json'),
      settings: join(DATA, 'settings.json'),
      updates: join(DATA, 'updates.json'),
      openConnections: join(DATA, 'open-connections.json'),
      audit: join(DATA, 'audit'),
      monitor: join(DATA, 'monitor'),
      serve: join(DATA, 'monitor-serve', 'history'),
      journals: { app: join(DATA, 'transfers'), cli: join(DATA, 'cli', 'transfers') },
    });
  });

  it('is named in app-paths.ts alone', () => {
    const root = join('src', 'main');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(root, file))
      .filter((file) => !file.endsWith(join('config', 'app-paths.ts')));
    // `join(dataDir, 'x')`, `join(options.dataDir, "x")`...: a place in the data folder.
    const naming = /join\(\s*(?:[\w.]+\.)?dataDir\s*,\s*['"`]/;
    const found = files.filter((file) => naming.test(readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
