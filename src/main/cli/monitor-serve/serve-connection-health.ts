import { Gauge, type Registry } from 'prom-client';
import type { MonitorCall } from '../../services/monitor/serve/counted-client';

/*
 * Whether each connection of the headless monitor works, as metrics. A refused key, a wrong
 * URL or a proxy that drops the monitor leave it with no instance to watch, so no instance
 * series exists and no rule about instances can fire: these series exist for every configured
 * connection from the start. A connection is up when its last call reached the service and
 * was accepted for its principal; an error about one instance (not found, busy, rate limited)
 * says the connection itself works.
 */

/** Codes that say the connection fails, not one instance: sign-in, the road there, the service. */
const CONNECTION_FAILURES = new Set([
  'AUTH_REQUIRED',
  'AUTH_EXPIRED',
  'NETWORK',
  'UNAVAILABLE',
  'UNEXPECTED_RESPONSE',
  'KEYCHAIN_UNAVAILABLE',
  'INTERNAL',
]);

/** A connection's state: up, or down with the code of the failure (none before the first call). */
export interface ConnectionState {
  readonly up: boolean;
  readonly code?: string;
}

/** What a call that ended says about its connection. */
export function connectionStateAfter(call: MonitorCall): ConnectionState {
  const code = call.errorCode;
  if (code === undefined) return { up: true };
  // Refused for every instance (the list of instances) is the key's rights, not an instance's.
  const down =
    CONNECTION_FAILURES.has(code) || (code === 'FORBIDDEN' && call.instanceName === undefined);
  return down ? { up: false, code } : { up: true };
}

/** The connections' states and the two gauges that export them. */
export class ConnectionHealth {
  readonly #states = new Map<string, ConnectionState>();

  /** Every connection in `names` starts down, without a code, until its first call ends. */
  constructor(
    names: readonly string[],
    registry: Registry,
    regionOf: (profileId: string) => string,
  ) {
    for (const name of names) this.#states.set(name, { up: false });
    const states = this.#states;
    const registers = [registry];
    new Gauge<'profile' | 'region'>({
      name: 'databridge_connection_up',
      help: "Whether the connection's last call reached the service and was accepted (1) or not (0).",
      labelNames: ['profile', 'region'],
      registers,
      collect() {
        this.reset();
        for (const [profile, state] of states) {
          this.set({ profile, region: regionOf(profile) }, state.up ? 1 : 0);
        }
      },
    });
    new Gauge<'profile' | 'region' | 'code'>({
      name: 'databridge_connection_error_info',
      help: 'Why a connection is down: its last error code (1 while down).',
      labelNames: ['profile', 'region', 'code'],
      registers,
      collect() {
        this.reset();
        for (const [profile, state] of states) {
          if (!state.up && state.code)
            this.set({ profile, region: regionOf(profile), code: state.code }, 1);
        }
      },
    });
  }

  /** A call of the connection `profileId` ended. */
  note(profileId: string, call: MonitorCall): void {
    this.#states.set(profileId, connectionStateAfter(call));
  }
}
