import type { FormInst, FormItemRule, FormRules } from 'naive-ui';
import { computed, reactive, ref, shallowRef, watch, type Ref } from 'vue';
import type { AppError } from '@shared/errors';
import type { Settings } from '@shared/model/settings';
import { useSettingsStore } from '../stores/settings-store';
import {
  DRAFT_FIELDS,
  draftOf,
  fieldProblem,
  followSaved,
  parsePatch,
  patchOf,
  type SettingsDraft,
} from '../model/forms/settings-draft';
import { useAction } from './use-action';
import { formIsValid } from '../model/forms/zod-rule';

/** What {@link useSettingsForm} gives the settings view. */
export interface SettingsForm {
  readonly formRef: Ref<FormInst | undefined>;
  readonly draft: SettingsDraft;
  readonly rules: FormRules;
  /** True when the draft differs from the saved settings. */
  readonly isDirty: Ref<boolean>;
  readonly isSaving: Ref<boolean>;
  /** The last failure of main to save (what was typed stays). */
  readonly error: Ref<AppError | undefined>;
  /** A problem of the whole change found before sending (the fields' rules catch the rest). */
  readonly problem: Ref<string | undefined>;
  readonly save: () => Promise<void>;
  readonly revert: () => void;
}

/** The contract's rule on every field of the draft, checked as the user types and on leaving. */
function draftRules(draft: SettingsDraft): FormRules {
  const rule = (key: keyof SettingsDraft): FormItemRule => ({
    trigger: ['input', 'blur'],
    validator: () => {
      const message = fieldProblem(key, draft);
      return message === undefined ? true : new Error(message);
    },
  });
  return Object.fromEntries(DRAFT_FIELDS.map((key) => [key, rule(key)]));
}

/**
 * The settings form: a draft of the saved settings, the contract's rules on every field,
 * and a save that sends only what changed, and only once every field passes. A failure
 * keeps the draft as typed; settings changed elsewhere flow into fields not being edited.
 */
export function useSettingsForm(): SettingsForm {
  const store = useSettingsStore();
  const formRef = ref<FormInst>();
  const saved = shallowRef<Settings>(store.settings);
  const draft = reactive<SettingsDraft>(draftOf(store.settings));
  const problem = ref<string>();
  let proxyChanged = false;
  const action = useAction('Save settings', {
    quiet: true,
    success: () =>
      proxyChanged ? 'Settings saved. The new proxy applies after a restart.' : 'Settings saved',
  });

  watch(
    () => store.settings,
    (after) => {
      followSaved(draft, saved.value, after);
      saved.value = after;
    },
  );

  const rules = draftRules(draft);
  const isDirty = computed(() => Object.keys(patchOf(saved.value, draft)).length > 0);

  async function save(): Promise<void> {
    problem.value = undefined;
    if (!(await formIsValid(formRef.value))) return;
    const checked = parsePatch(patchOf(saved.value, draft));
    if ('problem' in checked) {
      problem.value = checked.problem;
      return;
    }
    const { patch } = checked;
    if (Object.keys(patch).length === 0) return;
    proxyChanged = 'proxyUrl' in patch || 'proxyPacUrl' in patch;
    const outcome = await action.run(() => store.update(patch));
    if (!outcome.ok) return;
    saved.value = outcome.value;
    Object.assign(draft, draftOf(outcome.value));
  }

  function revert(): void {
    Object.assign(draft, draftOf(saved.value));
    problem.value = undefined;
    action.error.value = undefined;
    formRef.value?.restoreValidation();
  }

  return {
    formRef,
    draft,
    rules,
    isDirty,
    isSaving: action.isRunning,
    error: action.error,
    problem,
    save,
    revert,
  };
}
