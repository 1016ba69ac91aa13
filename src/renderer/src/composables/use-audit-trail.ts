import { computed, ref, shallowRef, type ComputedRef, type Ref } from 'vue';
import type { AuditAnchorCheck, AuditVerdict } from '@shared/model/audit';
import type { AppError } from '@shared/errors';
import { useIpcClient } from '../api/client';
import { asAppError } from '../api/app-error';
import {
  auditListInput,
  auditRows,
  type AuditRow,
  type AuditViewFilter,
} from '../model/audit/audit-rows';

/** What {@link useAuditTrail} answers. */
export interface AuditTrailView {
  readonly rows: ComputedRef<AuditRow[]>;
  /** What main's verification of the trail found on the last read. */
  readonly verdict: Ref<AuditVerdict | undefined>;
  /** Files main moved aside on the last read, because they did not verify. */
  readonly movedAside: Ref<readonly string[]>;
  /** Whether the last read checked the trail against the OS keychain (its key and anchor). */
  readonly anchor: Ref<AuditAnchorCheck | undefined>;
  readonly error: Ref<AppError | undefined>;
  readonly isLoading: Ref<boolean>;
  readonly isLoaded: Ref<boolean>;
  /** Reads the trail with `filter`. Never throws: a failure lands in `error`. */
  refresh(filter: AuditViewFilter): Promise<void>;
}

/** The audit trail as main reads and verifies it (the window never reads the files). */
export function useAuditTrail(): AuditTrailView {
  const client = useIpcClient();
  const records = shallowRef<AuditRow[]>([]);
  const verdict = ref<AuditVerdict>();
  const movedAside = ref<readonly string[]>([]);
  const anchor = ref<AuditAnchorCheck>();
  const error = ref<AppError>();
  const isLoading = ref(false);
  const isLoaded = ref(false);

  async function refresh(filter: AuditViewFilter): Promise<void> {
    isLoading.value = true;
    try {
      const list = await client.invoke('audit:list', auditListInput(filter, Date.now()));
      records.value = auditRows(list.records, Date.now());
      verdict.value = list.verdict;
      movedAside.value = list.movedAside;
      anchor.value = list.anchor;
      error.value = undefined;
    } catch (caught) {
      error.value = asAppError(caught);
    } finally {
      isLoading.value = false;
      isLoaded.value = true;
    }
  }

  return {
    rows: computed(() => records.value),
    verdict,
    movedAside,
    anchor,
    error,
    isLoading,
    isLoaded,
    refresh,
  };
}
