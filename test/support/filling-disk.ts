import type { FileHandle } from 'node:fs/promises';
import {
  systemDisk,
  type DiskSpace,
  type TransferDisk,
} from '../../src/main/services/transfers/transfer-disk';

/*
 * The transfer engine's disk port over the real disk, which fills up when a test says: from
 * then on, chosen operations on chosen files fail with ENOSPC (or EDQUOT), as a full disk
 * answers them, and `statfs` reports the free space the test sets.
 */

/** What a write does to a file, as the port sees it. */
export type DiskOp = 'create' | 'write' | 'sync' | 'grow' | 'rename' | 'mkdir';

/** When the disk is full, and for which writes. */
export interface FillRule {
  /** The files (or folders) the disk refuses to write. */
  files: (path: string) => boolean;
  /** The operations refused (default: every one). */
  ops?: readonly DiskOp[];
  /** Bytes still accepted on those files before they are refused (default 0). */
  afterBytes?: number;
  /** The error answered (default ENOSPC; EIO: a disk that fails otherwise). */
  code?: 'ENOSPC' | 'EDQUOT' | 'EIO';
}

/** Files of a download in progress. */
export const PART_FILES = (path: string): boolean => path.endsWith('.part');
/** Journal files (and the temporary files they are written through), and their folder. */
export const JOURNAL_FILES = (path: string): boolean =>
  /[\\/]transfers([\\/][^\\/]+\.(json|tmp))?$/.test(path);

/** A disk that fills up on demand; see the file comment. */
export class FillingDisk implements TransferDisk {
  #rule: FillRule | undefined;
  #accepted = 0;
  /** The free space statfs reports once a write was refused. */
  #freeWhenFull = 0;
  #refusing = false;
  /** The free space `statfs` reports (set by a test); undefined: see {@link fill}. */
  freeBytes: number | undefined;
  /** Every write refused, with the file and the operation. */
  readonly refused: { path: string; op: DiskOp }[] = [];
  /** Bytes written to `.part` files through the port. */
  partBytes = 0;

  /**
   * The disk is full for the writes of `rule` from now on. statfs reports the real disk until
   * a write is refused, then `freeWhenFull`, as a disk that filled up does.
   */
  fill(rule: FillRule, freeWhenFull = 0): void {
    this.#rule = rule;
    this.#accepted = 0;
    this.#freeWhenFull = freeWhenFull;
    this.#refusing = false;
  }

  /** Space was freed: every write goes through again, statfs reports the real disk. */
  free(): void {
    this.#rule = undefined;
    this.#refusing = false;
    this.freeBytes = undefined;
  }

  async open(path: string, flags: string): Promise<FileHandle> {
    if (/[wa]/.test(flags)) this.#check(path, 'create', 0);
    return this.#wrap(await systemDisk.open(path, flags), path);
  }

  async rename(from: string, to: string): Promise<void> {
    this.#check(from, 'rename', 0);
    await systemDisk.rename(from, to);
  }

  async mkdir(path: string): Promise<void> {
    this.#check(path, 'mkdir', 0);
    await systemDisk.mkdir(path);
  }

  statfs(path: string): Promise<DiskSpace> {
    const free = this.freeBytes ?? (this.#refusing ? this.#freeWhenFull : undefined);
    if (free === undefined) return systemDisk.statfs(path);
    return Promise.resolve({ bavail: Math.floor(free / 4096), bsize: 4096 });
  }

  #check(path: string, op: DiskOp, bytes: number): void {
    const rule = this.#rule;
    if (!rule || !rule.files(path) || (rule.ops && !rule.ops.includes(op))) return;
    // Until the bytes still accepted are used up, the disk has room.
    const allowance = rule.afterBytes ?? 0;
    if (op === 'write' && this.#accepted + bytes <= allowance) {
      this.#accepted += bytes;
      return;
    }
    if (op !== 'write' && this.#accepted < allowance) return;
    this.refused.push({ path, op });
    this.#refusing = true;
    const code = rule.code ?? 'ENOSPC';
    const { text, errno } = ERRORS[code];
    throw Object.assign(new Error(`${code}: ${text}, ${op} '${path}'`), {
      code,
      errno,
      syscall: op,
      path,
    });
  }

  /** The handle, its writes going through {@link #check} first. */
  #wrap(handle: FileHandle, path: string): FileHandle {
    const ops: Record<string, (args: unknown[]) => [DiskOp, number] | undefined> = {
      write: (args) => ['write', byteLength(args[0])],
      writev: (args) => ['write', (args[0] as Buffer[]).reduce((n, b) => n + b.length, 0)],
      writeFile: (args) => ['write', byteLength(args[0])],
      appendFile: (args) => ['write', byteLength(args[0])],
      sync: () => ['sync', 0],
      datasync: () => ['sync', 0],
      // Emptying a file needs no room; making it longer may (a ranged download's plan).
      truncate: (args) => (Number(args[0] ?? 0) > 0 ? ['grow', 0] : undefined),
    };
    return new Proxy(handle, {
      get: (target, prop) => {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        const op = typeof prop === 'string' ? ops[prop] : undefined;
        if (!op) return method.bind(target);
        return async (...args: unknown[]) => {
          const [kind, bytes] = op(args) ?? [undefined, 0];
          if (kind) this.#check(path, kind, bytes);
          if (kind === 'write' && PART_FILES(path)) this.partBytes += bytes;
          return await (method.apply(target, args) as Promise<unknown>);
        };
      },
    });
  }
}

const ERRORS = {
  ENOSPC: { text: 'no space left on device', errno: -28 },
  EDQUOT: { text: 'disk quota exceeded', errno: -122 },
  EIO: { text: 'i/o error', errno: -5 },
} as const;

function byteLength(data: unknown): number {
  if (typeof data === 'string') return Buffer.byteLength(data);
  return (data as { byteLength?: number } | undefined)?.byteLength ?? 0;
}
