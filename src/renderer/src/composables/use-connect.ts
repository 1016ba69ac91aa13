import type { ProfileSecretInput } from '../../../shared/model/profile';
import { useInstancesStore } from '../stores/instances-store';
import { useNavigationStore } from '../stores/navigation-store';
import { useProfilesStore } from '../stores/profiles-store';
import { useSessionStore } from '../stores/session-store';

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
  const session = useSessionStore();
  const instances = useInstancesStore();
  const navigation = useNavigationStore();

  /** Signs in (unless signed in and no secret is given), opens the profile, shows its instances. */
  async function connectAndOpen(
    profileId: string,
    secret?: ProfileSecretInput,
    remember?: boolean,
  ): Promise<void> {
    if (secret || !session.isSignedIn(profileId)) {
      await session.connect(profileId, secret, remember);
    }
    session.openProfile(profileId);
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
    await session.disconnect(profileId);
    const next = session.activeProfileId;
    navigation.forgetProfile(
      profileId,
      next ? { kind: 'instances', profileId: next } : { kind: 'connections' },
    );
  }

  return { connectAndOpen, tryEmulator, closeProfile };
}
