import { onMounted, ref } from 'vue';
import type { Profile } from '@shared/model/profile';
import { teamTokenChangeOfForm, type ProfileFormModel } from '@renderer/model/forms/profile-form';
import { useProfilesStore } from '@renderer/stores/profiles-store';

/**
 * The team monitor token of the profile being edited: whether main holds one (asked once when
 * the form opens; the token itself never comes back), and storing or removing it after the
 * profile is saved, so it is bound to the URL just saved.
 */
export function useTeamMonitorToken(profile: () => Profile | undefined) {
  const profiles = useProfilesStore();
  const hasStoredToken = ref(false);

  onMounted(async () => {
    const current = profile();
    if (!current?.teamMonitor) return;
    // A keychain that does not answer shows as no token; saving one reports the trouble.
    hasStoredToken.value = await profiles.hasTeamMonitorToken(current.id).catch(() => false);
  });

  /** Applies the form's token change to the saved profile (throws AppError). */
  async function apply(savedId: string, form: ProfileFormModel): Promise<void> {
    const change = teamTokenChangeOfForm(form);
    if (!change) return;
    hasStoredToken.value = await profiles.setTeamMonitorToken(savedId, change.token);
    form.teamMonitorToken = '';
    form.forgetTeamMonitorToken = false;
  }

  return { hasStoredToken, apply };
}
