import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * What electron-builder packages against on a machine that cannot download Electron, fpm or
 * the AppImage tools. None of it pretends to be Electron at run time: the stand-in binary
 * only says so and exits 1. They let electron-builder run every step of its own up to the
 * point where the real tool would take over, and record what it hands that tool.
 */

/** The sentinel @electron/fuses looks for in an Electron binary, followed by its fuse wire. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/**
 * The fuse wire of a stock Electron (version 1, 8 fuses, '1' on and '0' off), in the order of
 * @electron/fuses' FuseV1Options: RunAsNode on, cookie encryption off, NODE_OPTIONS on,
 * --inspect on, asar integrity off, only-load-from-asar off, browser V8 snapshot off,
 * file: privileges on (Electron's documented defaults).
 */
const STOCK_FUSE_WIRE = Buffer.from([1, 8, ...Buffer.from('10110001')]);

/**
 * An unpacked "Electron distribution" for `electronDist`: the files electron-builder copies
 * and renames on Linux. Its `electron` is a shell script carrying a stock fuse wire, so that
 * electron-builder's fuse step flips real bytes that the test reads back.
 */
export async function writeStandInElectron(dir: string, version: string): Promise<void> {
  await mkdir(join(dir, 'resources'), { recursive: true });
  const binary = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "a stand-in for Electron: it does not run" >&2\nexit 1\n# '),
    Buffer.from(FUSE_SENTINEL),
    STOCK_FUSE_WIRE,
    Buffer.from('\n'),
  ]);
  await writeFile(join(dir, 'electron'), binary, { mode: 0o755 });
  await writeFile(join(dir, 'chrome-sandbox'), 'stand-in', { mode: 0o755 });
  await writeFile(join(dir, 'LICENSE'), 'stand-in');
  await writeFile(join(dir, 'LICENSES.chromium.html'), 'stand-in');
  await writeFile(join(dir, 'version'), version);
}

async function writeScript(path: string, body: string): Promise<void> {
  await writeFile(path, `#!${process.execPath}\n${body}`);
  await chmod(path, 0o755);
}

/**
 * An `fpm` for CUSTOM_FPM_PATH that writes what electron-builder asked of it to `record`: the
 * arguments, and the text of every small text file they name (the maintainer scripts, the
 * desktop entry, the MIME types); then an empty package where `--package` says.
 */
export async function writeFpmRecorder(path: string, record: string): Promise<void> {
  await writeScript(
    path,
    `const { readFileSync, statSync, writeFileSync } = require('node:fs');
const args = process.argv.slice(2);
const files = {};
for (const arg of args) {
  const source = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
  try {
    if (!statSync(source).isFile() || statSync(source).size > 100000) continue;
    const text = readFileSync(source, 'utf8');
    if (!text.includes('\\u0000') && !text.includes('\\ufffd')) files[arg] = text;
  } catch {}
}
writeFileSync(${JSON.stringify(record)}, JSON.stringify({ args, files }));
writeFileSync(args[args.indexOf('--package') + 1], '');
`,
  );
}

/**
 * A folder for APPIMAGE_TOOLS_PATH (the static-runtime toolset's layout) whose `mksquashfs`
 * writes the AppDir electron-builder staged to `record`: its top-level names, AppRun and the
 * desktop entry; then stands in for the image. The runtime is a few bytes.
 */
export async function writeAppImageRecorder(dir: string, record: string): Promise<void> {
  await mkdir(join(dir, 'runtimes'), { recursive: true });
  await mkdir(join(dir, 'lib', 'x64'), { recursive: true });
  await writeFile(join(dir, 'runtimes', 'runtime-x64'), 'stand-in runtime');
  await writeScript(join(dir, 'desktop-file-validate'), 'process.exit(0);\n');
  await writeScript(
    join(dir, 'mksquashfs'),
    `const { readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const [stage, output] = process.argv.slice(2);
const names = readdirSync(stage);
const text = (name) => readFileSync(join(stage, name), 'utf8');
const desktop = names.filter((name) => name.endsWith('.desktop')).map(text);
writeFileSync(${JSON.stringify(record)}, JSON.stringify({ names, appRun: text('AppRun'), desktop }));
writeFileSync(output, 'stand-in image');
`,
  );
}
