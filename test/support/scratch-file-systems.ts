import { execFileSync } from 'node:child_process';
import { constants, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingTool } from './system-tools';

/*
 * File systems a test mounts for itself (Linux, as root): a Btrfs on a loop image, which clones
 * files (reflink), or a tmpfs, which does not, whatever the machine's own disks are. Where
 * that is refused (not root, no loop devices in a container, no mkfs.btrfs), the probe says
 * why, for the test to skip with the reason printed.
 */

/** The kinds a test can mount. */
export type ScratchKind = 'btrfs' | 'tmpfs';

/** A scratch file system mounted on `dir`; `close` unmounts it and removes its folder and image. */
export interface ScratchMount {
  readonly dir: string;
  close(): void;
}

/** Sizes by default: Btrfs wants at least 114 MiB; the image is sparse, so it costs nothing. */
const DEFAULT_SIZE: Record<ScratchKind, string> = { btrfs: '300M', tmpfs: '64m' };

/** Mounts a new `kind` file system on a new folder under `parent`. Throws when refused. */
export function mountScratch(kind: ScratchKind, parent: string, size?: string): ScratchMount {
  const dir = mkdtempSync(join(parent, `${kind}-`));
  const image = `${dir}.img`;
  const run = (command: string, args: string[]): void => {
    execFileSync(command, args, { stdio: 'pipe' });
  };
  const remove = (): void => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(image, { force: true });
  };
  try {
    if (kind === 'tmpfs') {
      run('mount', ['-t', 'tmpfs', '-o', `size=${size ?? DEFAULT_SIZE.tmpfs}`, 'tmpfs', dir]);
    } else {
      run('truncate', ['-s', size ?? DEFAULT_SIZE.btrfs, image]);
      run('mkfs.btrfs', ['-q', image]);
      // A loop mount detaches its loop device when it is unmounted.
      run('mount', ['-o', 'loop', image, dir]);
    }
  } catch (error) {
    remove();
    throw error;
  }
  return {
    dir,
    close: () => {
      run('umount', ['-l', dir]);
      remove();
    },
  };
}

/**
 * Undefined when a `kind` file system can be mounted here (and, for Btrfs, clones a file);
 * else why not, for a test to skip with.
 */
export function scratchRefusal(kind: ScratchKind): string | undefined {
  if (process.platform !== 'linux')
    return `${kind} mounts are Linux only (this is ${process.platform})`;
  if (kind === 'btrfs') {
    const missing = missingTool('mkfs.btrfs', ['--version'], 'Debian: btrfs-progs');
    if (missing) return missing;
  }
  let mount: ScratchMount;
  try {
    mount = mountScratch(kind, tmpdir());
  } catch (error) {
    const text = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `mounting a ${kind} failed (${text || (error as Error).message})`;
  }
  try {
    if (kind !== 'btrfs') return undefined;
    const file = join(mount.dir, 'probe');
    writeFileSync(file, 'probe');
    copyFileSync(file, `${file}-clone`, constants.COPYFILE_FICLONE_FORCE);
    return undefined;
  } catch (error) {
    return `the Btrfs mounted here does not clone a file (${(error as NodeJS.ErrnoException).code})`;
  } finally {
    mount.close();
  }
}
