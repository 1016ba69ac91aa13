import { computed, onMounted, ref } from 'vue';
import { policyInForce } from '@shared/model/policy';
import type { Profile } from '@shared/model/profile';
import { teamTokenChangeOfForm, type ProfileFormModel } from '@renderer/model/forms/profile-form';
import { useProfilesStore } from '@renderer/stores/profiles-store';
import { useSettingsStore } from '@renderer/stores/settings-store';

/**
 * The team monitor token of the profile being edited (and the organisation's team monitor it
 * is bound to when the profile names none): whether main holds one (asked once when
 * the form opens; the token itself never comes back), and storing or removing it after the
 * profile is saved, so it is bound to the URL just saved (or the organisation's, when the
 * profile names none).
 */
export function useTeamMonitorToken(profile: () => Profile | undefined) {
  const profiles = useProfilesStore();
  const settings = useSettingsStore();
  /** The organisation's team monitor, read by every connection that names none (not the emulator). */
  const organisationUrl = computed(() =>
    profile()?.isEmulator ? undefined : policyInForce(settings.policy)?.teamMonitorUrl,
  );
  const hasStoredToken = ref(false);

  onMounted(async () => {
    const current = profile();
    if (!current || (!current.teamMonitor && !organisationUrl.value)) return;
    // A keychain that does not answer shows as no token; saving one reports the trouble.
    hasStoredToken.value = await profiles.hasTeamMonitorToken(current.id).catch(() => false);
  });

  /** Applies the form's token change to the saved profile (throws AppError). */
  async function apply(savedId: string, form: ProfileFormModel): Promise<void> {
    const change = teamTokenChangeOfForm(form, organisationUrl.value);
    if (!change) return;
    hasStoredToken.value = await profiles.setTeamMonitorToken(savedId, change.token);
    form.teamMonitorToken = '';
    form.forgetTeamMonitorToken = false;
  }

  return { hasStoredToken, organisationUrl, apply };
}
