import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type ViewportSize,
} from '@playwright/test';
import type { EmulatorOptions } from '../../../src/emulator/server';
import type { SeedName } from '../../../src/emulator/seed/seed';
import type { TransferTuning } from '../../../src/main/app/create-app-services';
import type { InstallKind } from '../../../src/main/services/updates/update-decisions';
import type { SettingsPatch } from '../../../src/shared/model/settings';
import { writeDemoFiles } from '../../harness/demo-files';
import { ScriptedUpdaterEngine, type ScriptedAnswer } from '../../harness/harness-updater';
import { startHarness, type Harness } from '../../harness/server';
import { App } from './pages/app';

/*
 * The one fixture module of the e2e specs. A spec file gets ONE harness (app services, the
 * built-in emulator, a data folder, a port), shared by its tests in order, and by default ONE
 * page signed in to the emulator, kept across its tests; `test.use({...})` at the top of the
 * file sets the options below. Files are independent of each other, so two workers can run
 * two files at once.
 */

const MiB = 1024 * 1024;

/**
 * The time a file's set-up (its harness, then its page signed in) has, apart from the first
 * test's own: what a `beforeAll` had, so a slow start does not eat into that test's time.
 */
const SETUP_TIMEOUT = 60_000;

/** Parts small enough that an import of a few MiB has several (the activity specs). */
export const SMALL_PARTS: TransferTuning = {
  partPlan: { partSize: 5 * MiB, singleStreamThreshold: 6 * MiB },
  partsInFlight: 2,
};

/** What a spec file sets with `test.use({...})`; the same for every test of the file. */
export interface E2eOptions {
  /** The emulator's starting data (default demo). */
  seed: SeedName;
  /** The emulator's typical job length in ms (default: the harness's, a few hundred ms). */
  jobMs: number | undefined;
  /** More emulator options (its request log...). */
  emulator: EmulatorOptions;
  /** Transfer engine tuning (default the app's). */
  transfers: TransferTuning | undefined;
  /** Settings main has before the page opens. */
  settings: SettingsPatch | undefined;
  /**
   * The harness's file browser in place of native dialogs, over the file's `folder` with the
   * demo files written in it (off: tests queue their dialog answers).
   */
  fileBrowser: boolean;
  /**
   * How a new page starts: signed in to the built-in emulator (default), the app loaded and
   * nothing more, or blank (the test loads it).
   */
  open: 'signed-in' | 'loaded' | 'blank';
  /** One page for the file, kept across its tests (default), or a new page per test. */
  pageScope: 'file' | 'test';
  /** Whether the page may use the clipboard (default yes: "copy" toasts its success). */
  clipboard: boolean;
  /**
   * The text of a machine policy (`policy.json`) the app starts with, written to the file's
   * folder and read as DATABRIDGE_POLICY_DIR is (default: none given, the machine's).
   */
  policy: string | undefined;
  /**
   * How the app believes it was installed, and what its checks for updates find, in order
   * (the scripted engine of harness-updater.ts); default: a copy run from source, which never
   * checks.
   */
  updates: { readonly kind: InstallKind; readonly answers: readonly ScriptedAnswer[] } | undefined;
}

/** The options, with Playwright's own that the file's page takes. */
interface ResolvedOptions extends E2eOptions {
  readonly viewport: ViewportSize | null;
  readonly deviceScaleFactor: number | undefined;
}

/** A folder beside the file's `folder` holding `policy` as its policy.json. */
async function policyFolder(folder: string, policy: string): Promise<string> {
  const dir = join(folder, 'policy');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'policy.json'), policy);
  return dir;
}

/** The scripted updater of `updates`: its install kind, its answers in order. */
function scriptedUpdater(updates: NonNullable<E2eOptions['updates']>) {
  const engine = new ScriptedUpdaterEngine(updates.answers);
  return { kind: updates.kind, createEngine: () => engine };
}

/** The harness, temporary folder and (shared) page of the spec file being run. */
class FileSession {
  readonly consoleErrors: string[] = [];
  #page: Page | undefined;
  #browserContext: BrowserContext | undefined;

  private constructor(
    readonly file: string,
    readonly key: string,
    readonly options: ResolvedOptions,
    readonly browser: Browser,
    readonly harness: Harness,
    readonly folder: string,
  ) {}

  static async start(
    file: string,
    key: string,
    options: ResolvedOptions,
    browser: Browser,
  ): Promise<FileSession> {
    const folder = await mkdtemp(join(tmpdir(), 'databridge-e2e-'));
    if (options.fileBrowser) await writeDemoFiles(folder);
    const harness = await startHarness({
      emulator: {
        ...(options.jobMs === undefined ? {} : { jobMs: options.jobMs }),
        ...options.emulator,
        seed: options.seed,
      },
      ...(options.transfers ? { transfers: options.transfers } : {}),
      ...(options.fileBrowser ? { fileBrowser: { roots: [folder], startFolder: folder } } : {}),
      ...(options.policy === undefined
        ? {}
        : { policyDir: await policyFolder(folder, options.policy) }),
      ...(options.updates === undefined ? {} : { updater: scriptedUpdater(options.updates) }),
    });
    if (options.settings) await harness.services.settings.update(options.settings);
    return new FileSession(file, key, options, browser, harness, folder);
  }

  /** The file's page, opened on first use. */
  async sharedPage(): Promise<Page> {
    this.#page ??= await this.newPage(this.consoleErrors);
    return this.#page;
  }

  /**
   * The file's browser context, made on first use. Every page of the file opens in it, so a
   * test with a page of its own loads the app's code from the context's cache (compiled code
   * included): about a third of a load's processor time, measured (3.3 against 2.2 core-seconds
   * a load). What a page leaves in localStorage is cleared when its test ends (`closePage`).
   */
  async #context(): Promise<BrowserContext> {
    if (this.#browserContext) return this.#browserContext;
    const { viewport, deviceScaleFactor, clipboard } = this.options;
    const context = await this.browser.newContext({
      viewport,
      // The system's "less motion" (the app's CSS honours it): dialogs and menus appear at once.
      // A click during a dialog's scale-in can press where a button was and release where it
      // is (a click on neither), which on a busy machine failed tests at random.
      reducedMotion: 'reduce',
      ...(deviceScaleFactor === undefined ? {} : { deviceScaleFactor }),
    });
    if (clipboard) {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: this.harness.origin,
      });
    }
    this.#browserContext = context;
    return context;
  }

  /**
   * A page in the file's context, its console errors and uncaught exceptions added to
   * `errors`, opened as the options say.
   */
  async newPage(errors: string[]): Promise<Page> {
    const { open } = this.options;
    const page = await (await this.#context()).newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    pageErrors.set(page, errors);
    const app = new App(page, this.harness);
    if (open === 'loaded') await app.load();
    if (open === 'signed-in') await app.signIn();
    return page;
  }

  /**
   * Closes a test's own page, first clearing what it kept in localStorage (column layouts,
   * the activity panel's height...), so that the next test's page starts as a new window does.
   */
  async closePage(page: Page): Promise<void> {
    if (page.url().startsWith(this.harness.origin)) {
      await page.evaluate(() => globalThis.localStorage.clear()).catch(() => undefined);
    }
    await page.close();
  }

  async close(): Promise<void> {
    await this.#browserContext?.close();
    await this.harness.close();
    await rm(this.folder, { recursive: true, force: true });
  }
}

/** Each page's console errors, for the `consoleErrors` fixture. */
const pageErrors = new WeakMap<Page, string[]>();

/**
 * The session of the file being run. Playwright has worker and test scopes only, and a worker
 * runs its files one after the other, so the worker keeps the session of its current file and
 * closes it when the next file starts (or the worker ends).
 */
class FileSessions {
  #current: FileSession | undefined;

  constructor(readonly browser: Browser) {}

  async forFile(file: string, options: ResolvedOptions): Promise<FileSession> {
    // Functions (an emulator log) do not serialize: the options' data must agree.
    const key = JSON.stringify(options);
    const current = this.#current;
    if (current?.file === file) {
      if (current.key !== key) {
        throw new Error(`${file}: e2e options differ between tests; set them once, at the top`);
      }
      return current;
    }
    await this.close();
    this.#current = await FileSession.start(file, key, options, this.browser);
    return this.#current;
  }

  async close(): Promise<void> {
    const current = this.#current;
    this.#current = undefined;
    await current?.close();
  }
}

interface TestFixtures {
  /** The file's harness: its services, emulator (faults, held jobs), platform, data folder. */
  harness: Harness;
  /** A temporary folder of the file (generated files, downloads), removed after it. */
  folder: string;
  /** The page's console errors and uncaught exceptions (the file's, with a shared page). */
  consoleErrors: string[];
  /** The page object: the frame's steps, and one object per view (`app.sessions`...). */
  app: App;
  fileSession: FileSession;
}

export const test = base.extend<E2eOptions & TestFixtures, { sessions: FileSessions }>({
  seed: ['demo', { option: true }],
  jobMs: [undefined, { option: true }],
  emulator: [{}, { option: true }],
  transfers: [undefined, { option: true }],
  settings: [undefined, { option: true }],
  fileBrowser: [false, { option: true }],
  open: ['signed-in', { option: true }],
  pageScope: ['file', { option: true }],
  clipboard: [true, { option: true }],
  policy: [undefined, { option: true }],
  updates: [undefined, { option: true }],
  sessions: [
    // On the worker's browser: its file's page closes before the browser does.
    async ({ browser }, use) => {
      const sessions = new FileSessions(browser);
      try {
        await use(sessions);
      } finally {
        await sessions.close();
      }
    },
    { scope: 'worker' },
  ],
  fileSession: [
    async (
      {
        sessions,
        seed,
        jobMs,
        emulator,
        transfers,
        settings,
        fileBrowser,
        open,
        pageScope,
        clipboard,
        policy,
        updates,
        viewport,
        deviceScaleFactor,
      },
      use,
      testInfo,
    ) => {
      const options = {
        ...{ seed, jobMs, emulator, transfers, settings, fileBrowser, open, pageScope },
        policy,
        updates,
      };
      await use(
        await sessions.forFile(testInfo.file, {
          ...options,
          clipboard,
          viewport,
          deviceScaleFactor,
        }),
      );
    },
    { timeout: SETUP_TIMEOUT },
  ],
  harness: async ({ fileSession }, use) => {
    await use(fileSession.harness);
  },
  folder: async ({ fileSession }, use) => {
    await use(fileSession.folder);
  },
  page: [
    async ({ fileSession }, use) => {
      if (fileSession.options.pageScope === 'file') {
        await use(await fileSession.sharedPage());
        return;
      }
      const page = await fileSession.newPage([]);
      try {
        await use(page);
      } finally {
        await fileSession.closePage(page);
      }
    },
    { scope: 'test', timeout: SETUP_TIMEOUT },
  ],
  consoleErrors: async ({ page }, use) => {
    await use(pageErrors.get(page) ?? []);
  },
  app: async ({ page, harness }, use) => {
    await use(new App(page, harness));
  },
});

export { expect };
