import { defineAsyncComponent, type Component } from 'vue';
import ViewLoading from '../components/common/ViewLoading.vue';
// The first screen is in the main chunk: it paints without waiting for a second request.
import ConnectionsView from './ConnectionsView.vue';
import type { ViewComponents } from '../model/navigation/view-ref';

/**
 * A view loaded on demand (its own chunk, with the components only it uses). The loading
 * state shows only when loading takes longer than 200 ms, so a quick load does not flash it.
 */
function onDemand(load: () => Promise<{ default: Component }>): Component {
  return defineAsyncComponent({ loader: load, loadingComponent: ViewLoading, delay: 200 });
}

const loadInstancesView = () => import('./InstancesView.vue');
const SessionsView = onDemand(() => import('./SessionsView.vue'));

/**
 * Loads, while the window is idle, the code of the view every connection opens (the
 * instances, with the data table most views share), so that connecting does not wait for it:
 * fetched and compiled after the first click, it delayed the instances by a fifth of a second
 * on a busy machine.
 */
export function prefetchNextView(): void {
  const load = (): void => void loadInstancesView().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2_000 });
  else setTimeout(load, 0);
}

/**
 * The component of each view kind. The main pane renders
 * `<component :is="viewComponents[ref.kind]" v-bind="viewProps(ref)" />`, so each view takes
 * the fields of its ViewRef (all but `kind`) as props. `sessions` and `databaseSessions` share
 * SessionsView: the latter also passes `databaseName`.
 */
export const viewComponents: ViewComponents = {
  connections: ConnectionsView,
  settings: onDemand(() => import('./SettingsView.vue')),
  monitor: onDemand(() => import('./MonitorView.vue')),
  instances: onDemand(loadInstancesView),
  instance: onDemand(() => import('./InstanceView.vue')),
  databases: onDemand(() => import('./DatabasesView.vue')),
  database: onDemand(() => import('./DatabaseView.vue')),
  archives: onDemand(() => import('./ArchivesView.vue')),
  logins: onDemand(() => import('./LoginsView.vue')),
  linkedServers: onDemand(() => import('./LinkedServersView.vue')),
  sessions: SessionsView,
  databaseSessions: SessionsView,
  jobs: onDemand(() => import('./JobsView.vue')),
  allJobs: onDemand(() => import('./AllJobsView.vue')),
  audit: onDemand(() => import('./AuditView.vue')),
  cluster: onDemand(() => import('./ClusterView.vue')),
  myIp: onDemand(() => import('./MyIpView.vue')),
};
