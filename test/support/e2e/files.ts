import type { Locator, Page } from '@playwright/test';
import { DIALOG_TOKEN_HEADER, type Harness } from '../../harness/server';

/* Files into the app: the harness's dialog answers, and drags and drops as a browser does them. */

/**
 * Queues the answer of the harness's next "choose files" dialog (or folder, with `folder`; or
 * "save as", with `saveFile`).
 */
export async function queueDialog(
  harness: Harness,
  answer: { files: string[] } | { folder: string | null } | { saveFile: string | null },
): Promise<void> {
  const response = await fetch(`${harness.origin}/__harness/dialog`, {
    method: 'POST',
    // The runner's token: the page's own token is refused for dialog answers.
    headers: { 'content-type': 'application/json', [DIALOG_TOKEN_HEADER]: harness.dialogToken },
    body: JSON.stringify(answer),
  });
  if (response.status !== 204)
    throw new Error(`The harness refused the dialog answer: ${response.status}`);
}

/**
 * Drags a file named `name` over `target` the way a browser does (dragenter, dragover, with a
 * DataTransfer holding a File), without dropping it; answers the DataTransfer for the drop.
 */
export async function dragFileOver(page: Page, target: Locator, name: string) {
  // Written as page source: the spec compiles without the DOM library.
  const dataTransfer = await page.evaluateHandle(
    `(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array([0x54, 0x41, 0x50, 0x45])], ${JSON.stringify(name)}));
      return transfer;
    })()`,
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  return dataTransfer;
}

/**
 * Drops a file named `name` on `target` the way a browser does (dragover, then drop, with a
 * DataTransfer holding a File). The harness has no local path for it: the app asks the
 * dialog queue, so queue the prepared path first (see {@link queueDialog}).
 */
export async function dropFile(page: Page, target: Locator, name: string): Promise<void> {
  const dataTransfer = await dragFileOver(page, target, name);
  await target.dispatchEvent('drop', { dataTransfer });
}

/**
 * Counts the file drops that reach the window (where ActivityHost's fallback listens), from
 * now on; answers a reader of the count.
 */
export async function countWindowDrops(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(
    `(() => {
      if (globalThis.__windowDrops === undefined) {
        globalThis.addEventListener('drop', () => { globalThis.__windowDrops += 1; });
      }
      globalThis.__windowDrops = 0;
    })()`,
  );
  return () => page.evaluate<number>('globalThis.__windowDrops');
}
