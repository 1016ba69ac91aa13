import { ArchiveStore } from './archives';
import { ClusterStore } from './cluster';
import { DatabaseStore } from './databases';
import { GroupDirectory } from './groups';
import { InstanceStore } from './instances';
import { JobStore } from './jobs';
import { LoginStore } from './logins';

/** The ACL every seed starts with: loopback is allowed, so MyIp says so on this machine. */
const DEFAULT_ACL = [
  { cidrBlock: '127.0.0.0/8', comment: 'Loopback (the emulator runs on this machine)' },
  { cidrBlock: '::1/128', comment: 'Loopback over IPv6' },
] as const;

/** Everything the service holds, as plain in-memory stores. */
export class EmulatorState {
  readonly instances = new InstanceStore();
  readonly databases = new DatabaseStore();
  readonly archives: ArchiveStore;
  readonly logins = new LoginStore();
  readonly jobs = new JobStore();
  readonly groups = new GroupDirectory();
  readonly cluster = new ClusterStore({ name: 'databridge-demo-cluster', entries: DEFAULT_ACL });

  constructor(now: () => number) {
    this.archives = new ArchiveStore(now);
  }
}
