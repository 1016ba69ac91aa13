import { execFile } from 'node:child_process';
import type { AuditRecord } from '../../../shared/model/audit';

/*
 * The audit trail's copy outside its folder: each record's seq and digest are also written to
 * the operating system's log, which enterprise log collectors already read and which someone
 * who can rewrite the data folder usually cannot rewrite: journald or syslog on Linux, the
 * unified log on macOS, the Application event log on Windows. Deleting the folder and the
 * keychain entry together is still seen there.
 *
 * Node has no API for any of them (no syslog, and no Unix datagram sockets to reach /dev/log:
 * nodejs/node#30059), and the npm packages that do are native addons (windows-eventlog,
 * node-eventlog, unix-dgram, posix), each one more binary to rebuild for every Electron and
 * unpack from the asar in electron-builder, with upstreams quiet for years. The systems' own
 * tools are there already, so one short process per record is started instead; records are
 * written per change, rarely.
 */

/** Where each record's line goes besides the trail. */
export interface OsLog {
  /** Writes one line; rejects when the OS log did not take it. */
  write(line: string): Promise<void>;
}

/** A command that writes one line to the OS log. */
export interface OsLogCommand {
  readonly file: string;
  readonly args: readonly string[];
}

/** The tag (syslog identifier) of the lines on Linux and macOS. */
const OS_LOG_TAG = 'databridge-audit';
/**
 * The Windows event source. eventcreate registers a new source only when run by an
 * administrator; the README says how to register it once.
 */
const WINDOWS_EVENT_SOURCE = 'DataBridge Audit';
/** The event id of every line (eventcreate takes 1 to 1000). */
const WINDOWS_EVENT_ID = '100';

/** Options of {@link osLogCommand}. */
export interface OsLogCommandOptions {
  /** Linux: the syslog socket `logger` writes to, instead of the system's (/dev/log). */
  readonly socket?: string;
}

/**
 * The command that writes `line` to the OS log of `platform`; undefined where there is none.
 * Linux: util-linux `logger`, which reaches whatever listens on /dev/log (journald, or rsyslog
 * and the like), and with `--socket-errors=on` fails when nothing does. macOS: the system's
 * `logger`, whose lines land in the unified log. Windows: `eventcreate`, in the Application log.
 */
export function osLogCommand(
  platform: NodeJS.Platform,
  line: string,
  options: OsLogCommandOptions = {},
): OsLogCommand | undefined {
  switch (platform) {
    case 'linux': {
      const socket = options.socket === undefined ? [] : ['--socket', options.socket];
      const args = ['--socket-errors=on', '--tag', OS_LOG_TAG, '--priority', 'user.notice'];
      return { file: 'logger', args: [...args, ...socket, '--', line] };
    }
    case 'darwin':
      return { file: '/usr/bin/logger', args: ['-t', OS_LOG_TAG, '-p', 'user.notice', '--', line] };
    case 'win32':
      return {
        file: 'eventcreate',
        args: [
          '/L',
          'APPLICATION',
          '/T',
          'INFORMATION',
          '/SO',
          WINDOWS_EVENT_SOURCE,
          '/ID',
          WINDOWS_EVENT_ID,
          '/D',
          line,
        ],
      };
    default:
      return undefined;
  }
}

/**
 * The line of one record: which trail, its seq, version, digest and link, and what it is. No
 * input, target or name: the OS log is read by more people than the trail.
 */
export function osLogLine(record: AuditRecord, trail: string): string {
  const parts = [
    'databridge audit',
    `trail=${trail}`,
    `seq=${record.seq}`,
    `v=${record.v}`,
    `hash=${record.hash}`,
    `prev=${record.prev ?? '-'}`,
    `type=${record.type}`,
  ];
  if ('operation' in record) parts.push(`op=${record.operation}`);
  if (record.type === 'chainStarted') parts.push(`found=${record.verdict.status}`);
  return parts.join(' ');
}

/** Options of {@link CommandOsLog}. */
export interface CommandOsLogOptions extends OsLogCommandOptions {
  readonly platform: NodeJS.Platform;
  /** A write that takes longer fails (default 5 s). */
  readonly timeoutMs?: number;
}

/** The OS log through the platform's own tool ({@link osLogCommand}). */
export class CommandOsLog implements OsLog {
  readonly #options: CommandOsLogOptions;

  constructor(options: CommandOsLogOptions) {
    this.#options = options;
  }

  write(line: string): Promise<void> {
    const command = osLogCommand(this.#options.platform, line, this.#options);
    if (!command) {
      return Promise.reject(new Error(`no OS log is known on ${this.#options.platform}`));
    }
    const timeout = this.#options.timeoutMs ?? 5_000;
    return new Promise((resolve, reject) => {
      execFile(
        command.file,
        command.args,
        { timeout, windowsHide: true },
        (error, _stdout, stderr) => {
          if (!error) return resolve();
          const said = String(stderr).trim().split('\n')[0];
          reject(new Error(`${command.file} failed: ${said || error.message}`));
        },
      );
    });
  }
}
