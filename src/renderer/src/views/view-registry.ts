import type { Component } from 'vue';
import ArchivesView from './ArchivesView.vue';
import ClusterView from './ClusterView.vue';
import ConnectionsView from './ConnectionsView.vue';
import DatabaseView from './DatabaseView.vue';
import DatabasesView from './DatabasesView.vue';
import InstanceView from './InstanceView.vue';
import InstancesView from './InstancesView.vue';
import JobsView from './JobsView.vue';
import LinkedServersView from './LinkedServersView.vue';
import LoginsView from './LoginsView.vue';
import MonitorView from './MonitorView.vue';
import MyIpView from './MyIpView.vue';
import SessionsView from './SessionsView.vue';
import SettingsView from './SettingsView.vue';
import type { ViewKind } from './view-ref';

/**
 * The component of each view kind. The main pane renders
 * `<component :is="viewComponents[ref.kind]" v-bind="viewProps(ref)" />`, so each view takes
 * the fields of its ViewRef (all but `kind`) as props. `sessions` and `databaseSessions` share
 * SessionsView: the latter also passes `databaseName`.
 */
export const viewComponents: Readonly<Record<ViewKind, Component>> = {
  connections: ConnectionsView,
  settings: SettingsView,
  monitor: MonitorView,
  instances: InstancesView,
  instance: InstanceView,
  databases: DatabasesView,
  database: DatabaseView,
  archives: ArchivesView,
  logins: LoginsView,
  linkedServers: LinkedServersView,
  sessions: SessionsView,
  databaseSessions: SessionsView,
  jobs: JobsView,
  cluster: ClusterView,
  myIp: MyIpView,
};
