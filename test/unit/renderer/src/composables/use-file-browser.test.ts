import { describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import type { HarnessFolderListing } from '@shared/ipc/harness-files';
import { useFileBrowser } from '@renderer/composables/use-file-browser';
import { useHarnessFilesStore } from '@renderer/stores/harness-files-store';
import { fakeIpc, settle } from '../../../../support/renderer/resources-fake-ipc';

const dialog = {
  dialogId: 'd1',
  kind: 'files' as const,
  title: 'Import a database file',
  multiple: false,
  extensions: [],
  startFolder: '/data',
};

const listing = (path: string, namedFile: string | null = null): HarnessFolderListing => ({
  path,
  parent: null,
  entries: [],
  isTruncated: false,
  namedFile,
});

describe('useFileBrowser', () => {
  it('keeps the file typed while the start folder was still being listed', async () => {
    // The start folder's answer is held until after the typed path's answer has come.
    let releaseStart: () => void = () => undefined;
    const startHeld = new Promise<void>((resolve) => (releaseStart = resolve));
    fakeIpc({
      'harnessFiles:list': async (input) => {
        const { path } = input as { path: string };
        if (path === '/data') {
          await startHeld;
          return listing('/data');
        }
        return listing('/data', path);
      },
    });
    const scope = effectScope();
    const browser = scope.run(() => useFileBrowser())!;
    useHarnessFilesStore().dialog = dialog;
    await settle();
    expect(browser.isLoading.value).toBe(true);

    await browser.go('/data/Demo_Sales.bak');
    releaseStart();
    await settle();

    expect(browser.selected.value).toEqual(['/data/Demo_Sales.bak']);
    expect(browser.typed.value).toBe('/data/Demo_Sales.bak');
    expect(browser.isLoading.value).toBe(false);
    scope.stop();
  });
});
