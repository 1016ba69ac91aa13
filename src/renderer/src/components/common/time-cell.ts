import { h, type Ref, type VNode } from 'vue';
import { formatDateTime, type Instant, type TimeOptions } from '@shared/format/times';
import { useSharedNow } from '@renderer/composables/use-shared-now';
import { useTimeOptions } from '@renderer/composables/use-time-options';
import { timeAttrs } from '@renderer/model/display/time-attrs';
import { useSettingsStore } from '@renderer/stores/settings-store';
import './time-age.css';

// One clock for every table cell, made on first use; it runs for the window's life (one timer).
let clock: Readonly<Ref<number>> | undefined;

/**
 * A table cell's point in time: the date and time in the user's clock (or what `write` makes
 * of it, e.g. the date alone), its age on hover (and beside it, if Settings › Appearance says
 * so). A native `<time>`, not a component: a table renders one per row on each search.
 */
export function timeCell(
  iso: string | null | undefined,
  write: (at: Instant, options: TimeOptions) => string = formatDateTime,
): VNode | string {
  if (!iso) return '—';
  clock ??= useSharedNow();
  const options = useTimeOptions();
  const isAgeBeside = useSettingsStore().settings.timeDisplay === 'relative';
  return h('time', timeAttrs(iso, clock.value, options, isAgeBeside), write(iso, options));
}
