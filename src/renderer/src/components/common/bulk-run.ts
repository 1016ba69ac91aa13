import { ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import type { BulkAction } from './bulk-action';

/** A bulk action about to run on the ticked rows: what its confirmation dialog shows. */
interface BulkRun<T> {
  readonly action: ShallowRef<BulkAction<T> | undefined>;
  /** The rows ticked when the action was chosen (later ticks do not change the run). */
  readonly rows: ShallowRef<readonly T[]>;
  readonly show: Ref<boolean>;
  /** Opens the confirmation of `action` on the rows ticked now. */
  start(action: BulkAction<T>): void;
}

/** The state of a table's bulk-action confirmation (BulkActionDialog.vue). */
export function useBulkRun<T>(ticked: () => readonly T[]): BulkRun<T> {
  const action = shallowRef<BulkAction<T>>();
  const rows = shallowRef<readonly T[]>([]);
  const show = ref(false);
  return {
    action,
    rows,
    show,
    start(chosen) {
      action.value = chosen;
      rows.value = ticked();
      show.value = true;
    },
  };
}
