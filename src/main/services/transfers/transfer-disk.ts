import { mkdir, open, rename, stat, statfs, type FileHandle } from 'node:fs/promises';

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
