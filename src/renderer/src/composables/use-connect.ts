import type { ProfileSecretInput } from '@shared/model/profile';
import { useInstancesStore } from '../stores/instances-store';
import { useNavigationStore } from '../stores/navigation-store';
import { useProfilesStore } from '../stores/profiles-store';
import { useSignInStore } from '../stores/sign-in-store';

/**
 * Signing in and opening profiles in the explorer, shared by the connections screen, the
 * palette and the first-run "Try the local emulator".
 */
export function useConnect(): {
  connectAndOpen: (
    profileId: string,
    secret?: ProfileSecretInput,
    remember?: boolean,
  ) => Promise<void>;
  tryEmulator: () => Promise<void>;
  closeProfile: (profileId: string) => Promise<void>;
} {
  const profiles = useProfilesStore();
  const signIn = useSignInStore();
  const instances = useInstancesStore();
  const navigation = useNavigationStore();

  /** Signs in (unless signed in and no secret is given), opens the profile, shows its instances. */
  async function connectAndOpen(
    profileId: string,
    secret?: ProfileSecretInput,
    remember?: boolean,
  ): Promise<void> {
    if (secret || !signIn.isSignedIn(profileId)) {
      await signIn.connect(profileId, secret, remember);
    }
    signIn.openProfile(profileId);
    navigation.open({ kind: 'instances', profileId });
    await instances.ensure(profileId);
  }

  /** Creates (or finds) the emulator profile, starts the emulator and opens it. */
  async function tryEmulator(): Promise<void> {
    const profile = await profiles.ensureEmulator();
    await connectAndOpen(profile.id);
  }

  /** Signs out of a profile and closes it. */
  async function closeProfile(profileId: string): Promise<void> {
    await signIn.disconnect(profileId);
    const next = signIn.activeProfileId;
    navigation.forgetProfile(
      profileId,
      next ? { kind: 'instances', profileId: next } : { kind: 'connections' },
    );
  }

  return { connectAndOpen, tryEmulator, closeProfile };
}
