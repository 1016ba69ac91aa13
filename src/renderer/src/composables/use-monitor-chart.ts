import { computed, ref, shallowRef, watch, type Ref } from 'vue';
import {
  MONITOR_RANGE_MS,
  type BlockingMark,
  type MonitorInstanceRef,
  type MonitorRange,
  type MonitorSample,
} from '@shared/model/monitor';
import { appendSample, monitorKey, useMonitorStore } from '../stores/monitor-store';

/** What {@link useMonitorChart} gives the large chart. */
export interface MonitorChart {
  readonly range: Ref<MonitorRange>;
  /** The display is paused: main goes on sampling, the chart does not move. */
  readonly isPaused: Ref<boolean>;
  readonly isLoading: Ref<boolean>;
  readonly error: Ref<unknown>;
  readonly samples: Ref<readonly MonitorSample[]>;
  readonly marks: Ref<readonly BlockingMark[]>;
  /** The time range shown (epoch ms): the range, up to the last sample. */
  readonly xRange: Ref<readonly [number, number]>;
  readonly togglePause: () => void;
  readonly reload: () => Promise<void>;
}

function markKey(mark: BlockingMark): string {
  return `${mark.at}\n${mark.sessionId}`;
}

/** `marks` with those of `more` it lacks, by time. */
function mergeMarks(marks: readonly BlockingMark[], more: readonly BlockingMark[]): BlockingMark[] {
  const seen = new Set(marks.map(markKey));
  return [...marks, ...more.filter((mark) => !seen.has(markKey(mark)))].sort((a, b) => a.at - b.at);
}

/**
 * The data of an instance's large chart: its history over the chosen range (read again when
 * the range or the instance changes, and on resume), grown by each new sample and blocking
 * mark from the monitor store unless the display is paused.
 */
export function useMonitorChart(target: () => MonitorInstanceRef): MonitorChart {
  const store = useMonitorStore();
  const range = ref<MonitorRange>('15m');
  const isPaused = ref(false);
  const isLoading = ref(false);
  const error = shallowRef<unknown>();
  const samples = shallowRef<readonly MonitorSample[]>([]);
  const marks = shallowRef<readonly BlockingMark[]>([]);
  let loads = 0;

  async function reload(): Promise<void> {
    const mine = (loads += 1);
    isLoading.value = true;
    try {
      const history = await store.history(target(), range.value);
      if (mine !== loads) return;
      samples.value = history.samples;
      marks.value = mergeMarks(history.marks, store.liveMarks.get(monitorKey(target())) ?? []);
      error.value = undefined;
    } catch (caught) {
      if (mine === loads) error.value = caught;
    } finally {
      if (mine === loads) isLoading.value = false;
    }
  }

  watch([() => monitorKey(target()), range], () => void reload(), { immediate: true });
  watch(
    () => store.states.get(monitorKey(target()))?.latest,
    (sample) => {
      if (!sample || isPaused.value || isLoading.value) return;
      samples.value = appendSample(samples.value, sample, MONITOR_RANGE_MS[range.value]);
    },
  );
  watch(
    () => store.liveMarks.get(monitorKey(target())),
    (live) => {
      if (live && !isPaused.value) marks.value = mergeMarks(marks.value, live);
    },
  );

  function togglePause(): void {
    isPaused.value = !isPaused.value;
    // Back to live: what was sampled during the pause is read from main's history.
    if (!isPaused.value) void reload();
  }

  const xRange = computed<readonly [number, number]>(() => {
    const end = samples.value[samples.value.length - 1]?.at ?? Date.now();
    return [end - MONITOR_RANGE_MS[range.value], end];
  });

  return { range, isPaused, isLoading, error, samples, marks, xRange, togglePause, reload };
}
