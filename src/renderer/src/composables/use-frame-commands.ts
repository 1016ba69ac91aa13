import type { Ref } from 'vue';
import { useNavigationStore } from '../stores/navigation-store';
import { useProfilesStore } from '../stores/profiles-store';
import { useSignInStore } from '../stores/sign-in-store';
import { useSettingsStore } from '../stores/settings-store';
import { useCommands } from './use-commands';
import { useConnect } from './use-connect';

/** What the frame's commands act on. */
export interface FrameCommandTargets {
  readonly isActivityOpen: Ref<boolean>;
  readonly openJump: () => void;
  readonly openShortcuts: () => void;
  /** Help → About: the version, the update channel and state, Check for updates. */
  readonly openAbout: () => void;
  /** Help → Save diagnostics…: asks where, then writes the bundle for support. */
  readonly saveDiagnostics: () => Promise<void>;
  readonly modKey: string;
}

type RegisterCommand = ReturnType<typeof useCommands>['registerCommand'];

/** The View commands: settings, theme, the activity panel, jumping and going back. */
function registerViewCommands(register: RegisterCommand, targets: FrameCommandTargets): void {
  const navigation = useNavigationStore();
  const settings = useSettingsStore();
  const mod = targets.modKey;
  register({
    id: 'frame.settings',
    title: 'Open settings',
    group: 'View',
    shortcut: `${mod}+,`,
    keywords: ['preferences', 'theme', 'tray', 'proxy', 'parts in flight', 'refresh', 'alert'],
    run: () => navigation.open({ kind: 'settings' }),
  });
  register({
    id: 'frame.monitor',
    title: 'Open monitor',
    group: 'View',
    keywords: ['blocking', 'sessions', 'chart', 'health', 'watch'],
    run: () => navigation.open({ kind: 'monitor' }),
  });
  register({
    id: 'frame.toggleActivity',
    title: 'Toggle the activity panel',
    group: 'View',
    shortcut: `${mod}+J`,
    run: () => {
      targets.isActivityOpen.value = !targets.isActivityOpen.value;
    },
  });
  register({
    id: 'frame.jump',
    title: 'Go to a loaded object…',
    group: 'View',
    shortcut: `${mod}+P`,
    run: targets.openJump,
  });
  register({
    id: 'frame.back',
    title: 'Go back',
    group: 'View',
    enabled: () => navigation.canGoBack,
    run: () => void navigation.back(),
  });
  for (const theme of ['light', 'dark', 'system'] as const) {
    register({
      id: `frame.theme.${theme}`,
      title: theme === 'system' ? 'Theme: follow the system' : `Theme: ${theme}`,
      group: 'View',
      run: () => settings.update({ theme }).then(() => undefined),
    });
  }
}

/** The Help commands: the keyboard shortcuts, the diagnostics bundle for support, About. */
function registerHelpCommands(register: RegisterCommand, targets: FrameCommandTargets): void {
  register({
    id: 'frame.shortcuts',
    title: 'Keyboard shortcuts',
    group: 'Help',
    shortcut: 'F1',
    keywords: ['keys', 'help', 'hotkeys'],
    run: targets.openShortcuts,
  });
  register({
    id: 'frame.saveDiagnostics',
    title: 'Save diagnostics…',
    group: 'Help',
    keywords: ['support', 'bundle', 'zip', 'logs', 'proxy', 'troubleshoot'],
    run: targets.saveDiagnostics,
  });
  register({
    id: 'frame.about',
    title: 'About DataBridge Desktop',
    group: 'Help',
    keywords: ['version', 'update', 'check for updates', 'channel', 'electron'],
    run: targets.openAbout,
  });
}

/** The views across every open connection that have no place in the tree. */
function registerOverviewCommands(register: RegisterCommand): void {
  const navigation = useNavigationStore();
  register({
    id: 'frame.allJobs',
    title: 'Open all jobs',
    group: 'View',
    keywords: ['jobs', 'every instance', 'failed', 'run again'],
    run: () => navigation.open({ kind: 'allJobs' }),
  });
  register({
    id: 'frame.audit',
    title: 'Open the audit trail',
    group: 'View',
    keywords: ['audit', 'changes', 'who', 'kill log', 'change record'],
    run: () => navigation.open({ kind: 'audit' }),
  });
}

/** The Connection commands: the connections view, the emulator, profiles and signing in. */
function registerConnectionCommands(register: RegisterCommand): void {
  const navigation = useNavigationStore();
  const profiles = useProfilesStore();
  const signIn = useSignInStore();
  const { tryEmulator, connectAndOpen } = useConnect();
  register({
    id: 'frame.connections',
    title: 'Show connections',
    group: 'Connection',
    run: () => navigation.open({ kind: 'connections' }),
  });
  register({
    id: 'frame.tryEmulator',
    title: 'Try the local emulator',
    group: 'Connection',
    run: () => tryEmulator().catch(() => navigation.open({ kind: 'connections' })),
  });
  register({
    id: 'frame.openProfile',
    title: 'Connect to a profile…',
    group: 'Connection',
    run: () => navigation.open({ kind: 'connections' }),
    keywords: profiles.profiles.map((p) => p.name),
  });
  register({
    id: 'frame.reconnectActive',
    title: 'Sign in again to the active profile',
    group: 'Connection',
    enabled: () => signIn.activeProfileId !== undefined,
    run: async () => {
      const id = signIn.activeProfileId;
      if (!id) return;
      await signIn.connect(id).catch(() => undefined);
      await connectAndOpen(id).catch(() => navigation.open({ kind: 'connections' }));
    },
  });
}

/**
 * The commands of the frame itself (connections, settings, theme, panels, going back), plus "Connect
 * to …" for every profile. Views register their own actions.
 */
export function useFrameCommands(targets: FrameCommandTargets): void {
  const { registerCommand } = useCommands();
  registerConnectionCommands(registerCommand);
  registerViewCommands(registerCommand, targets);
  registerHelpCommands(registerCommand, targets);
  registerOverviewCommands(registerCommand);
}
