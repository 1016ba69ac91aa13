import type { Login } from '../../shared/contract/records/logins';
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
