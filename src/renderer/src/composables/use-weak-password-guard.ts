import { computed, readonly, ref, watch, type ComputedRef, type Ref } from 'vue';
import { meetsPasswordPolicy } from '@shared/logins/password-policy';

/** What {@link useWeakPasswordGuard} watches and how the confirm button is worded. */
export interface WeakPasswordGuardOptions {
  /** The password typed and the login it is for, read reactively. */
  readonly source: () => { readonly password: string; readonly loginName?: string | undefined };
  /** The confirm button's text for a password the policy accepts, e.g. `Create login`. */
  readonly confirmText: string;
  /** Its text while the password does not meet the policy, e.g. `Create anyway`. */
  readonly anywayText: string;
}

/** The state and the gate returned by {@link useWeakPasswordGuard}. */
export interface WeakPasswordGuard {
  /** A password is typed and SQL Server's default policy would refuse it. */
  readonly isWeak: ComputedRef<boolean>;
  /** The first confirmation was given: the next one sends. */
  readonly isArmed: Readonly<Ref<boolean>>;
  /** The confirm button's text. */
  readonly confirmText: ComputedRef<string>;
  /** The confirm button's accessible name while the password is weak (its text says less). */
  readonly confirmLabel: ComputedRef<string | undefined>;
  /** What the armed state asks of the user, for an alert beside the form. */
  readonly armedHint: string;
  /**
   * Call when the user confirms a valid form: true when the action may be sent now. A weak
   * password answers false once (it arms), then true, and each send disarms again.
   */
  allows(): boolean;
  /** Forgets a first confirmation (the dialog opened afresh). */
  disarm(): void;
}

/**
 * Asks twice before a password SQL Server's default policy would refuse is sent: the confirm
 * button reads `anywayText`, its first press (click or Enter) only arms, a second press sends.
 * The policy is a warning, not a refusal, because an instance may not enforce it; but one
 * click should not send "abc". Any change of the password or the login name disarms, so the
 * new password is judged afresh: a strong one sends at once.
 */
export function useWeakPasswordGuard(options: WeakPasswordGuardOptions): WeakPasswordGuard {
  const isArmed = ref(false);
  const isWeak = computed(() => {
    const { password, loginName } = options.source();
    return password !== '' && !meetsPasswordPolicy(password, loginName ?? '');
  });
  // Synchronous: a press that follows an edit at once must already see the guard disarmed.
  watch(
    [() => options.source().password, () => options.source().loginName],
    () => (isArmed.value = false),
    { flush: 'sync' },
  );

  const confirmText = computed(() => (isWeak.value ? options.anywayText : options.confirmText));
  const confirmLabel = computed(() => {
    if (!isWeak.value) return undefined;
    const base = `${options.anywayText}, with a password that does not meet the password policy`;
    return isArmed.value ? `${base}: press again to send it` : base;
  });

  function allows(): boolean {
    if (!isWeak.value) return true;
    isArmed.value = !isArmed.value;
    return !isArmed.value;
  }

  return {
    isWeak,
    isArmed: readonly(isArmed),
    confirmText,
    confirmLabel,
    armedHint: `This password does not meet SQL Server's default password policy, so the server will likely refuse it. Press ${options.anywayText} again to send it anyway, or change the password.`,
    allows,
    disarm: () => (isArmed.value = false),
  };
}
