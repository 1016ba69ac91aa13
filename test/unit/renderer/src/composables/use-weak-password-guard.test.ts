import { describe, expect, it } from 'vitest';
import { ref } from 'vue';
import { useWeakPasswordGuard } from '@renderer/composables/use-weak-password-guard';

function guardOver(password: string, loginName = 'app_reader') {
  const model = ref({ password, loginName });
  const guard = useWeakPasswordGuard({
    source: () => model.value,
    confirmText: 'Create login',
    anywayText: 'Create anyway',
  });
  return { model, guard };
}

describe('useWeakPasswordGuard', () => {
  it('lets a strong password through at the first press, with the usual wording', () => {
    const { guard } = guardOver('Str0ng!Passw0rd');
    expect(guard.isWeak.value).toBe(false);
    expect(guard.confirmText.value).toBe('Create login');
    expect(guard.confirmLabel.value).toBeUndefined();
    expect(guard.allows()).toBe(true);
    expect(guard.isArmed.value).toBe(false);
  });

  it('arms at the first press of a weak password and sends at the second', () => {
    const { guard } = guardOver('abc');
    expect(guard.confirmText.value).toBe('Create anyway');
    expect(guard.confirmLabel.value).toMatch(
      /^Create anyway, .*does not meet the password policy$/,
    );
    expect(guard.allows()).toBe(false);
    expect(guard.isArmed.value).toBe(true);
    expect(guard.confirmLabel.value).toMatch(/press again to send it$/);
    expect(guard.allows()).toBe(true);
    // Each send asks again: the next attempt arms first.
    expect(guard.isArmed.value).toBe(false);
    expect(guard.allows()).toBe(false);
  });

  it('disarms when the password or the login name changes, and judges afresh', () => {
    const { model, guard } = guardOver('abc');
    expect(guard.allows()).toBe(false);
    model.value.password = 'abcd';
    expect(guard.isArmed.value).toBe(false);
    expect(guard.allows()).toBe(false);
    model.value.loginName = 'other_name';
    expect(guard.isArmed.value).toBe(false);
    model.value.password = 'Str0ng!Passw0rd';
    expect(guard.confirmText.value).toBe('Create login');
    expect(guard.allows()).toBe(true);
  });

  it('treats a password containing the login name as weak, and an empty one as not yet weak', () => {
    const { model, guard } = guardOver('App_Reader!2026');
    expect(guard.isWeak.value).toBe(true);
    model.value.password = '';
    expect(guard.isWeak.value).toBe(false);
    expect(guard.allows()).toBe(true);
  });

  it('forgets a first press on disarm (the dialog opened afresh)', () => {
    const { guard } = guardOver('abc');
    guard.allows();
    guard.disarm();
    expect(guard.isArmed.value).toBe(false);
    expect(guard.allows()).toBe(false);
  });
});
