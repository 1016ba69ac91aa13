import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  autostartFolder,
  XdgAutostartService,
} from '../../../src/main/services/autostart/xdg-autostart';

/*
 * The autostart entry on a real file system, under a temporary XDG_CONFIG_HOME: what it holds,
 * that a second write changes nothing, its removal, and that an entry a person edited is
 * left alone.
 */

let configHome: string;
let autostart: XdgAutostartService;
const EXEC = ['/home/ana/Apps/DataBridge Desktop.AppImage', '--hidden'];

beforeEach(async () => {
  configHome = await mkdtemp(join(tmpdir(), 'databridge-xdg-'));
  autostart = new XdgAutostartService({ folder: autostartFolder({ XDG_CONFIG_HOME: configHome }) });
});

afterEach(async () => {
  await rm(configHome, { recursive: true, force: true });
});

describe('autostartFolder', () => {
  it('follows XDG_CONFIG_HOME, and ~/.config when it is unset, empty or relative', () => {
    expect(autostartFolder({ XDG_CONFIG_HOME: '/x/cfg' }, '/home/ana')).toBe('/x/cfg/autostart');
    for (const value of [undefined, '', 'relative/cfg']) {
      expect(autostartFolder({ XDG_CONFIG_HOME: value }, '/home/ana')).toBe(
        '/home/ana/.config/autostart',
      );
    }
  });
});

describe('XdgAutostartService', () => {
  it('writes databridge.desktop in the autostart folder, creating the folder', async () => {
    const outcome = await autostart.apply(EXEC);
    const file = join(configHome, 'autostart', 'databridge.desktop');
    expect(outcome).toEqual({ kind: 'written', file });
    const text = await readFile(file, 'utf8');
    expect(text).toContain('Exec="/home/ana/Apps/DataBridge Desktop.AppImage" --hidden\n');
    expect(text).toContain('X-GNOME-Autostart-enabled=true\n');
    expect(text).toContain('Hidden=false\n');
    // No temporary file left beside it.
    expect(await readdir(join(configHome, 'autostart'))).toEqual(['databridge.desktop']);
  });

  it('writes once for the same command, and again when the command moves', async () => {
    await autostart.apply(EXEC);
    const file = join(configHome, 'autostart', 'databridge.desktop');
    const first = await stat(file);
    expect(await autostart.apply(EXEC)).toMatchObject({ kind: 'unchanged' });
    expect((await stat(file)).ino).toBe(first.ino);
    expect(await autostart.apply(['/opt/new/databridge-desktop', '--hidden'])).toMatchObject({
      kind: 'written',
    });
    expect(await readFile(file, 'utf8')).toContain('Exec=/opt/new/databridge-desktop --hidden\n');
  });

  it('removes its entry when turned off, and finds none the second time', async () => {
    await autostart.apply(EXEC);
    expect(await autostart.apply(undefined)).toMatchObject({ kind: 'removed' });
    await expect(stat(autostart.file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await autostart.apply(undefined)).toMatchObject({ kind: 'absent' });
  });

  it('leaves alone an entry a person edited: neither rewritten nor removed', async () => {
    await autostart.apply(EXEC);
    const edited = (await readFile(autostart.file, 'utf8')).replace(
      'X-GNOME-Autostart-enabled=true',
      'X-GNOME-Autostart-enabled=false',
    );
    await writeFile(autostart.file, edited);
    expect(await autostart.apply(EXEC)).toEqual({
      kind: 'keptUserEntry',
      file: autostart.file,
      wanted: true,
    });
    expect(await autostart.apply(undefined)).toMatchObject({
      kind: 'keptUserEntry',
      wanted: false,
    });
    expect(await readFile(autostart.file, 'utf8')).toBe(edited);
  });

  it('says which file it could not write and what to do', async () => {
    // A file where the autostart folder should be: the folder cannot be made.
    await mkdir(configHome, { recursive: true });
    await writeFile(join(configHome, 'autostart'), 'not a folder');
    await expect(autostart.apply(EXEC)).rejects.toThrow(
      /Could not (read|write) the autostart entry .*databridge\.desktop \(\w+\)\. Check that the folder is writable/,
    );
  });
});
