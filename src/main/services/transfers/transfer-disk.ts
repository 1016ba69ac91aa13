import { constants } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat, statfs, type FileHandle } from 'node:fs/promises';

/*
 * Every place the transfer engine writes to a local disk goes through this port: a journal
 * (the app's data folder) and a download's `.part` file and final name (the chosen folder).
 * Tests hand in a disk that fills up at one of these places, which a real disk cannot be made
 * to do on demand.
 */

/** Free space of a file system, as `statfs` reports it. */
export interface DiskSpace {
  /** Blocks an unprivileged process may still use. */
  bavail: number;
  /** Bytes in a block. */
  bsize: number;
}

/** The file operations the engine writes with. */
export interface TransferDisk {
  /** Opens `path` (flags as `fs.open`); writes go through the handle answered. */
  open(path: string, flags: string): Promise<FileHandle>;
  rename(from: string, to: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  /** The free space of the file system holding `path`. */
  statfs(path: string): Promise<DiskSpace>;
}

/** The machine's disks. */
export const systemDisk: TransferDisk = {
  open: (path, flags) => open(path, flags),
  rename: (from, to) => rename(from, to),
  mkdir: async (path) => void (await mkdir(path, { recursive: true })),
  statfs: (path) => statfs(path),
};

/**
 * The reads of an import's source file before its upload (planning it, then checking it did
 * not change before the start): injectable so that tests can count them.
 */
export interface SourceFs {
  open: typeof open;
  stat: typeof stat;
}

/** Node's own. */
export const systemSourceFs: SourceFs = { open, stat };

/**
 * Copy-on-write clones of an import's source (upload/source-clone.ts): injectable so that
 * tests can make a clone fail, or stand for one where the file system has none.
 */
export interface SourceCloner {
  /** Makes `to`, a new file, a clone of `from`; throws where no clone can be made. */
  clone(from: string, to: string): Promise<void>;
  /** Removes `path`; nothing when it is not there. */
  remove(path: string): Promise<void>;
}

/*
 * What `COPYFILE_FICLONE_FORCE` does where, in libuv 1.52 (Node 24's: src/unix/fs.c and
 * src/win/fs.c):
 * - Linux: the FICLONE ioctl, a clone or an error, never a copy: Btrfs, XFS made with
 *   reflink=1 (mkfs.xfs's default since xfsprogs 5.1), and other file systems whose driver
 *   implements the ioctl. Elsewhere EOPNOTSUPP (ENOTSUP to Node: ext4, tmpfs), EXDEV across
 *   file systems, EINVAL from some drivers. libuv creates the file before the ioctl and
 *   removes it when the clone fails.
 * - macOS: ENOSYS. libuv has no clonefile(2) path: APFS clones are not reachable through Node.
 * - Windows: ENOSYS at once, before any file is made (fs__copyfile); libuv has no ReFS block
 *   cloning (FSCTL_DUPLICATE_EXTENTS_TO_FILE).
 * Any failure means no clone: the upload reads the source itself.
 */
export const systemCloner: SourceCloner = {
  // EXCL: a file already at the clone's name is never replaced (it is not ours).
  clone: (from, to) =>
    copyFile(from, to, constants.COPYFILE_FICLONE_FORCE | constants.COPYFILE_EXCL),
  remove: (path) => rm(path, { force: true }),
};
