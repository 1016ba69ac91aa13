import type { Browser, Page } from '@playwright/test';
import type { EarlyExit } from './stays-up.mjs';

/** Where a packaged app (and `npm start`) loads its renderer. */
export const APP_PAGE: string;
/** An instance the built-in emulator's demo data always has. */
export const EMULATOR_INSTANCE: string;
/** The browser endpoint in Chromium's "DevTools listening on ws://…" line, if printed. */
export function devtoolsEndpoint(output: string): string | undefined;
/** The browser endpoint in a DevToolsActivePort file's text. */
export function endpointFromActivePort(text: string): string | undefined;

/** The first page of `browser` at `prefix`, polled until `seconds` pass, and the URLs seen. */
export function findPage(
  browser: Browser,
  prefix: string,
  seconds: number,
): Promise<{ page: Page | undefined; urls: string[] }>;

/** The URLs of the page targets in a DevTools server's `/json/list` answer. */
export function pageUrls(targets: unknown): string[];

/** An IPC answer as the page receives it. */
export type Envelope =
  { ok: true; data?: unknown } | { ok: false; error: { code: string; message: string } };
/** How the probe calls a channel inside the page. */
export type PageIpc = (page: Page, channel: string, input: unknown) => Promise<Envelope>;
/** Calls a channel through the preload's `window.api`, as the renderer does in Electron. */
export const preloadIpc: PageIpc;

/** What the probe read inside the app. */
export interface ProbeFacts {
  endpoint?: string;
  error?: string;
  urls: string[];
  page?: string;
  connectionScreen?: boolean;
  info?: unknown;
  keychain?: unknown;
  profile?: unknown;
  signIn?: unknown;
  instances?: unknown;
}
/** What the probe found wrong, in words; empty when the app passed. */
export function probeVerdict(input: {
  expectedPage: string;
  requireSandbox: boolean;
  limits: { startSeconds: number; pageSeconds: number; holdSeconds: number };
  facts: ProbeFacts;
  run: { exit: EarlyExit | null; output: string };
}): string[];

/** What to start and what to expect of it. */
export interface ProbeOptions {
  command: string;
  /** Its arguments; the probe's two switches come after them. */
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** The URL prefix of the app's page (default app://databridge/). */
  expectedPage?: string;
  /** Chromium's sandbox must be on (default true). */
  requireSandbox?: boolean;
  /** How long the DevTools endpoint may take to come (default 120 s). */
  startSeconds?: number;
  /** How long the page and its connection screen may take (default 60 s). */
  pageSeconds?: number;
  /** How long the app must keep running after the checks (default 20 s). */
  holdSeconds?: number;
  /** How the page calls a channel (default: through window.api). */
  ipc?: PageIpc;
}
/** Starts the app, looks inside it, holds it, ends it; the problems and the sandbox state. */
export function runProbe(
  options: ProbeOptions,
): Promise<{ problems: string[]; sandbox?: boolean | undefined }>;
/** Probes an installed app and reads the fuses of its binary; throws naming every problem. */
export function checkInstalledApp(options: ProbeOptions & { binary: string }): Promise<void>;
