import { NButton, NDropdown, NTag, NTooltip, type DataTableColumns } from 'naive-ui';
import { h, type VNode } from 'vue';
import type {
  InstanceMonitorState,
  MonitorSample,
  MonitorInstanceRef,
} from '@shared/model/monitor';
import type { Profile } from '@shared/model/profile';
import { useTimeOptions } from '@renderer/composables/use-time-options';
import type { SeriesTone } from './chart-options';
import { formatWait, healthDetail, healthLabel, healthType } from './monitor-format';
import TimeSeriesChart from './TimeSeriesChart.vue';

/** What the Monitor table's columns read and do. */
export interface MonitorColumnDeps {
  readonly profileOf: (profileId: string) => Profile | undefined;
  readonly recentOf: (ref: MonitorInstanceRef) => readonly MonitorSample[];
  readonly stopWatching: (ref: MonitorInstanceRef) => void;
  readonly openSessions: (ref: MonitorInstanceRef) => void;
}

type Counter = 'sessions' | 'running' | 'blocked' | 'headBlockers' | 'jobsRunning';

function count(
  key: Counter,
  title: string | (() => VNode),
): DataTableColumns<InstanceMonitorState>[number] {
  return {
    key,
    title,
    width: key === 'running' ? 80 : 64,
    align: 'right',
    render: (row) => (row.latest ? String(row.latest[key]) : '—'),
  };
}

function healthColumn(): DataTableColumns<InstanceMonitorState>[number] {
  return {
    key: 'health',
    title: 'State',
    width: 148,
    render: (row) =>
      h(NTooltip, null, {
        trigger: () =>
          h(
            NTag,
            {
              size: 'small',
              type: healthType(row.health),
              bordered: false,
              'data-testid': 'health',
            },
            () => healthLabel(row, useTimeOptions()),
          ),
        default: () =>
          h('span', { style: 'white-space: pre-line' }, healthDetail(row, useTimeOptions())),
      }),
  };
}

/** A count with its 15-minute sparkline in one cell. */
function sparkColumn(
  deps: MonitorColumnDeps,
  key: 'sessions' | 'blocked',
  title: string,
  tone: SeriesTone,
): DataTableColumns<InstanceMonitorState>[number] {
  return {
    key,
    title,
    width: 140,
    sorter: (a, b) => (a.latest?.[key] ?? -1) - (b.latest?.[key] ?? -1),
    render: (row) => {
      const samples = deps.recentOf(row);
      const last = row.latest?.[key];
      return h('span', { class: 'monitor-table__spark' }, [
        h('span', { class: 'monitor-table__count' }, last === undefined ? '—' : String(last)),
        h(TimeSeriesChart, {
          sparkline: true,
          width: 96,
          height: 28,
          times: samples.map((s) => s.at),
          series: [{ label: title, tone, values: samples.map((s) => s[key]), fill: true }],
          label: `${title} of ${row.instanceName} over 15 minutes: ${samples.length} samples, latest ${last ?? 'none'}`,
        }),
      ]);
    },
  };
}

function instanceColumn(deps: MonitorColumnDeps): DataTableColumns<InstanceMonitorState>[number] {
  return {
    key: 'instanceName',
    title: 'Instance',
    width: 164,
    sorter: (a, b) => a.instanceName.localeCompare(b.instanceName),
    render: (row) => {
      const profile = deps.profileOf(row.profileId);
      return h('span', { class: 'monitor-table__instance' }, [
        h('span', { class: 'monitor-table__name' }, row.instanceName),
        h('span', { class: 'monitor-table__profile' }, [
          h('span', {
            class: 'monitor-table__dot',
            style: { background: profile?.color ?? 'currentColor' },
          }),
          profile?.name ?? row.profileId,
        ]),
      ]);
    },
  };
}

function menuColumn(deps: MonitorColumnDeps): DataTableColumns<InstanceMonitorState>[number] {
  const options = [
    { key: 'sessions', label: 'Open sessions' },
    { key: 'stop', label: 'Stop watching' },
  ];
  return {
    key: 'menu',
    title: '',
    width: 48,
    // Held at the right edge: in a narrow window the table scrolls sideways, and the menu
    // would be out of sight with the columns it scrolls away.
    fixed: 'right',
    render: (row) =>
      h(
        NDropdown,
        {
          trigger: 'click',
          options,
          onSelect: (key: string) =>
            key === 'stop' ? deps.stopWatching(row) : deps.openSessions(row),
        },
        () =>
          h(
            NButton,
            {
              quaternary: true,
              size: 'small',
              'aria-label': `Actions of ${row.instanceName}`,
              'data-testid': 'row-menu',
              onClick: (event: MouseEvent) => event.stopPropagation(),
              // Enter on the button opens the menu; it must not also select the row.
              onKeydown: (event: KeyboardEvent) => event.stopPropagation(),
            },
            () => '⋯',
          ),
      ),
  };
}

/** A column title shortened, its full name kept for screen readers and the tooltip. */
function short(text: string, full: string): () => VNode {
  return () => h('abbr', { title: full, class: 'monitor-table__abbr' }, text);
}

/** The Monitor table: one row per watched instance, its live counts and its sparklines. */
export function monitorColumns(deps: MonitorColumnDeps): DataTableColumns<InstanceMonitorState> {
  return [
    instanceColumn(deps),
    healthColumn(),
    sparkColumn(deps, 'sessions', 'Sessions', 'primary'),
    count('running', 'Running'),
    sparkColumn(deps, 'blocked', 'Blocked', 'error'),
    count('headBlockers', short('Heads', 'Head blockers')),
    {
      key: 'longestWait',
      title: 'Longest wait',
      width: 108,
      align: 'right',
      render: (row) => formatWait(row.latest?.longestWaitMs ?? 0),
    },
    count('jobsRunning', short('Jobs', 'Jobs running')),
    menuColumn(deps),
  ];
}
