import type { Login } from '../../shared/contract/records/logins';
import {
  PASSWORD_POLICY_SUMMARY,
  passwordPolicyFailures,
} from '../../shared/logins/password-policy';
import { EmulatorHttpError } from '../http-error';

/** A login on an instance. The password is kept only to show that PATCH changes it. */
export interface LoginRecord {
  readonly name: string;
  readonly role: string;
  status: string;
  readonly owner: string;
  password: string;
}

/** The logins of every instance; names compare case-insensitively. */
export class LoginStore {
  readonly #byInstance = new Map<string, Map<string, LoginRecord>>();

  #of(instance: string): Map<string, LoginRecord> {
    const key = instance.toLowerCase();
    let map = this.#byInstance.get(key);
    if (!map) {
      map = new Map();
      this.#byInstance.set(key, map);
    }
    return map;
  }

  list(instance: string): LoginRecord[] {
    return [...this.#of(instance).values()];
  }

  find(instance: string, name: string): LoginRecord | undefined {
    return this.#of(instance).get(name.toLowerCase());
  }

  /** The login, or 404. */
  require(instance: string, name: string): LoginRecord {
    const record = this.find(instance, name);
    if (!record) throw new EmulatorHttpError(404, `Login ${name} does not exist on ${instance}.`);
    return record;
  }

  add(instance: string, record: LoginRecord): void {
    if (this.find(instance, record.name)) {
      throw new EmulatorHttpError(409, `Login ${record.name} already exists on ${instance}.`);
    }
    this.#of(instance).set(record.name.toLowerCase(), record);
  }

  remove(instance: string, name: string): void {
    this.#of(instance).delete(name.toLowerCase());
  }
}

/** The wire form of a login (never the password). */
export function toLogin(record: LoginRecord): Login {
  return { name: record.name, role: record.role, status: record.status, owner: record.owner };
}

/**
 * 400 unless `password` meets SQL Server's default password policy for `loginName`: the
 * emulator plays an instance with CHECK_POLICY=ON, the setting a new SQL login gets. The
 * interface names 400 for parameters that are not valid; the message starts as SQL Server's
 * own does, says why, and says what to choose instead.
 */
export function requirePolicyPassword(password: string, loginName: string): void {
  const failures = passwordPolicyFailures(password, loginName);
  if (failures.length === 0) return;
  throw new EmulatorHttpError(
    400,
    `Password validation failed. The password does not meet the password policy of the instance: ${failures.join('; ')}. Choose a password of ${PASSWORD_POLICY_SUMMARY}.`,
  );
}
