import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PathProvenance } from '../../../../src/main/app/path-provenance';
import { createShellHandlers } from '../../../../src/main/app/shell-handlers';
import type { CallContext } from '../../../../src/main/services/ipc/ipc-router';
import { SettingsStore } from '../../../../src/main/services/settings/settings-store';
import type { HarnessFileDialog } from '../../../../src/shared/ipc/harness-files';
import { invokeHarnessFiles } from '../../../harness/harness-file-channels';
import { HarnessFileDialogs } from '../../../harness/harness-file-dialogs';
import { HarnessPlatform } from '../../../harness/harness-platform';

/*
 * The harness's stand-in for native dialogs: main opens a dialog, the page answers that one
 * dialog with entries under the roots, and the app's own dialog handler records the answer in
 * PathProvenance, exactly as it records a native dialog's.
 */

let base: string;
let root: string;
let outside: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'databridge-dialogs-'));
  root = join(base, 'root');
  outside = join(base, 'outside');
  await mkdir(join(root, 'exports'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(root, 'Demo_Sales.bak'), 'bak');
  await writeFile(join(root, 'Other.bak'), 'bak');
  await writeFile(join(outside, 'secret.bak'), 'secret');
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const context: CallContext = {
  sender: { url: 'http://127.0.0.1:1/', isMainFrame: true },
  markRendererReady: () => undefined,
};

/** The dialogs, the app's shell handlers over them, and the dialogs the page was told of. */
function setUp() {
  const dialogs = new HarnessFileDialogs({ roots: [root], home: base });
  const provenance = new PathProvenance();
  const handlers = createShellHandlers({
    app: { name: 'DataBridge Desktop', version: '0', platform: 'linux' },
    platform: new HarnessPlatform({ fileDialogs: dialogs }),
    settings: new SettingsStore({ file: join(base, 'unused-settings.json') }),
    provenance,
  });
  const shown: (HarnessFileDialog | null)[] = [];
  dialogs.onDidChangeDialog((dialog) => shown.push(dialog));
  /** The dialog open now, once main has opened it. */
  const opened = async (): Promise<HarnessFileDialog> => {
    await expect.poll(() => shown.at(-1)).toBeTruthy();
    const dialog = shown.at(-1);
    if (!dialog) throw new Error('no dialog');
    return dialog;
  };
  return { dialogs, provenance, handlers, shown, opened };
}

describe('HarnessFileDialogs', () => {
  it('an import file chosen in the page is recorded by the dialog handler as readable', async () => {
    const { dialogs, provenance, handlers, shown, opened } = setUp();
    const file = join(root, 'Demo_Sales.bak');
    expect(() => provenance.assertReadable(file)).toThrow();
    const answer = handlers['dialog:chooseFiles'](
      {
        title: 'Import into sql-eu-dev-01',
        multiple: true,
        filters: [{ name: 'Database files', extensions: ['bak', 'MDF', 'dacpac'] }],
      },
      context,
    );
    const dialog = await opened();
    expect(dialog).toMatchObject({
      kind: 'files',
      title: 'Import into sql-eu-dev-01',
      multiple: true,
      extensions: ['bak', 'mdf', 'dacpac'],
      startFolder: root,
    });
    expect((await dialogs.state()).dialog).toEqual(dialog);
    await dialogs.answer({ dialogId: dialog.dialogId, paths: [file] });
    await expect(answer).resolves.toEqual({ paths: [file] });
    expect(shown.at(-1)).toBeNull();
    expect(() => provenance.assertReadable(file)).not.toThrow();
    expect(() => provenance.assertReadable(join(root, 'Other.bak'))).toThrow();
  });

  it('a folder chosen in the page is recorded as writable, and the next dialog opens there', async () => {
    const { dialogs, provenance, handlers, opened, shown } = setUp();
    const folder = join(root, 'exports');
    const answer = handlers['dialog:chooseFolder']({ title: 'Export to this folder' }, context);
    const dialog = await opened();
    expect(dialog).toMatchObject({ kind: 'folder', multiple: false, extensions: [] });
    // A file is no answer to a folder dialog; the dialog stays open.
    await expect(
      dialogs.answer({ dialogId: dialog.dialogId, paths: [join(root, 'Demo_Sales.bak')] }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    await dialogs.answer({ dialogId: dialog.dialogId, paths: [folder] });
    await expect(answer).resolves.toEqual({ path: folder });
    expect(() => provenance.assertWritable(folder)).not.toThrow();

    shown.length = 0;
    const next = dialogs.chooseFolder({});
    expect((await opened()).startFolder).toBe(folder);
    await dialogs.answer({ dialogId: (await opened()).dialogId, paths: [] });
    await expect(next).resolves.toBeUndefined();
  });

  it('refuses an answer for another dialog, outside the roots, too many, or relative', async () => {
    const { dialogs, provenance, handlers, opened } = setUp();
    const answer = handlers['dialog:chooseFiles']({ title: 'Import', multiple: false }, context);
    const { dialogId } = await opened();
    const tries = [
      { dialogId: 'guessed', paths: [join(root, 'Demo_Sales.bak')], code: 'CONFLICT' },
      { dialogId, paths: [join(outside, 'secret.bak')], code: 'FORBIDDEN' },
      { dialogId, paths: [join(root, '..', 'outside', 'secret.bak')], code: 'FORBIDDEN' },
      { dialogId, paths: ['/etc/passwd'], code: 'FORBIDDEN' },
      {
        dialogId,
        paths: [join(root, 'Demo_Sales.bak'), join(root, 'Other.bak')],
        code: 'VALIDATION',
      },
      { dialogId, paths: ['Demo_Sales.bak'], code: 'VALIDATION' },
      { dialogId, paths: [join(root, 'missing.bak')], code: 'NOT_FOUND' },
    ];
    for (const { code, ...input } of tries) {
      await expect(dialogs.answer(input), input.paths.join()).rejects.toMatchObject({ code });
    }
    expect(() => provenance.assertReadable(join(outside, 'secret.bak'))).toThrow();
    // Cancelled: the handler answers no paths, and records none.
    await dialogs.answer({ dialogId, paths: [] });
    await expect(answer).resolves.toEqual({ paths: [] });
    // Answered once: the same id is no longer taken.
    await expect(
      dialogs.answer({ dialogId, paths: [join(root, 'Demo_Sales.bak')] }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('opens one dialog at a time, and cancels the open one when the harness closes', async () => {
    const { dialogs, opened } = setUp();
    const first = dialogs.chooseFiles({});
    await opened();
    await expect(dialogs.chooseFolder({})).rejects.toMatchObject({ code: 'CONFLICT' });
    dialogs.dispose();
    await expect(first).resolves.toEqual([]);
  });

  it('a queued answer still comes first, for tests that queue theirs', async () => {
    const dialogs = new HarnessFileDialogs({ roots: [root], home: base });
    const platform = new HarnessPlatform({ fileDialogs: dialogs });
    platform.queueFolder(join(root, 'exports'));
    await expect(platform.chooseFolder({})).resolves.toBe(join(root, 'exports'));
    expect((await dialogs.state()).dialog).toBeNull();
  });
});

describe('invokeHarnessFiles', () => {
  it('checks the input against the channel schema and answers errors as data', async () => {
    const { dialogs } = setUp();
    const bad = await invokeHarnessFiles(dialogs, 'harnessFiles:list', { path: '', extra: 1 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    const listed = await invokeHarnessFiles(dialogs, 'harnessFiles:list', { path: root });
    expect(listed).toMatchObject({ ok: true, data: { path: root, parent: null } });
    const stale = await invokeHarnessFiles(dialogs, 'harnessFiles:answer', {
      dialogId: 'none',
      paths: [],
    });
    expect(stale).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('says the browser is off where the harness has none', async () => {
    expect(await invokeHarnessFiles(undefined, 'harnessFiles:getState', undefined)).toEqual({
      ok: true,
      data: { isEnabled: false, roots: [], dialog: null },
    });
    const listed = await invokeHarnessFiles(undefined, 'harnessFiles:list', { path: root });
    expect(listed).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
  });
});
