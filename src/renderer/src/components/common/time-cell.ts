import { h, type Ref, type VNode } from 'vue';
import { useSharedNow } from '@renderer/composables/use-shared-now';
import { formatDateTime } from '@renderer/model/display/format';
import { formatRelativeTime } from '@renderer/model/display/relative-time';
import { useSettingsStore } from '@renderer/stores/settings-store';

// One clock for every table cell, made on first use; it runs for the window's life (one timer).
let clock: Readonly<Ref<number>> | undefined;

/**
 * A table cell's point in time as Settings › Appearance says: "3 weeks ago" with the date and
 * time as its tooltip, or `absolute` (the date and time by default) with the relative time as
 * its tooltip. A native `<time>`, not a component: a table renders one per row on each search.
 */
export function timeCell(
  iso: string | null | undefined,
  absolute: (iso: string | null | undefined) => string = formatDateTime,
): VNode | string {
  if (!iso) return '—';
  clock ??= useSharedNow();
  const relative = formatRelativeTime(iso, clock.value);
  const isRelative = useSettingsStore().settings.timeDisplay !== 'absolute';
  return h(
    'time',
    { datetime: iso, title: isRelative ? formatDateTime(iso) : relative },
    isRelative ? relative : absolute(iso),
  );
}
