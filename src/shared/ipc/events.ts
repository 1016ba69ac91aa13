import { ProxyQuestionsSchema } from './proxy-channels';
import { z } from 'zod';
import { BlockingAlertSchema, InstanceMonitorStateSchema } from '../model/monitor';
import { OpenConnectionsSchema } from '../model/open-connections';
import { ProfileSchema } from '../model/profile';
import { SignInStateSchema } from '../model/session-state';
import { SettingsSchema } from '../model/settings';
import { TransferRecordSchema } from '../model/transfer';
import { UpdateStatusSchema } from '../model/updates';
import { IpcJobEventSchema } from './activity-channels';

/**
 * What a notification or a tray entry points at: a transfer or a job (in the activity panel),
 * or the Sessions view of an instance (`id` is the instance's name, with its profile).
 */
const OpenItemSchema = z.object({
  kind: z.enum(['transfer', 'job', 'sessions']),
  id: z.string(),
  profileId: z.string().optional(),
});
export type OpenItem = z.infer<typeof OpenItemSchema>;

/** A notification main raised; `item` is what its click opens. */
const AppNotificationSchema = z.object({
  title: z.string(),
  body: z.string(),
  item: OpenItemSchema.optional(),
});

/** Menu commands the renderer carries out (the menu lives in main). */
const AppCommandSchema = z.enum([
  'toggleActivityPanel',
  'openSettings',
  'newConnection',
  'saveDiagnostics',
  'openAbout',
]);
export type AppCommand = z.infer<typeof AppCommandSchema>;

/**
 * Push events from main, each with its payload schema. Main validates (and strips) every
 * payload with these schemas before it leaves, so nothing else rides along.
 */
export const eventChannels = {
  'session:onDidChangeState': SignInStateSchema,
  /** A profile was opened or closed in the explorer, or reopening it at start went somewhere. */
  'session:onDidChangeOpen': OpenConnectionsSchema,
  'profiles:onDidChange': z.object({ profiles: z.array(ProfileSchema) }),
  'jobs:onDidChange': IpcJobEventSchema,
  'transfers:onDidChange': TransferRecordSchema,
  'settings:onDidChange': SettingsSchema,
  /** A watched instance was sampled, or its monitoring changed (stale, signed out). */
  'monitor:onDidChange': InstanceMonitorStateSchema,
  /** Head blockers passed the blocking threshold on a watched instance. */
  'monitor:onDidRaiseBlockingAlert': BlockingAlertSchema,
  /** A notification or tray entry was clicked. */
  'app:onDidRequestOpenItem': OpenItemSchema,
  /**
   * A notification the system did not show (it failed, or there are none): the window shows
   * it as an in-app alert.
   */
  'app:onDidFailNotification': AppNotificationSchema,
  /** Files were opened with the app (second instance, file association, dock). */
  'app:onDidReceiveFiles': z.object({ paths: z.array(z.string()) }),
  /** The updater's status changed (a check, a download, a setting, a transfer it waits for). */
  'updates:onDidChange': UpdateStatusSchema,
  /** A menu item or shortcut asks the renderer to do something. */
  'app:onDidRequestCommand': z.object({ command: AppCommandSchema }),
  /** A proxy asked for a user name and password, or a question was answered. */
  'proxy:onDidChangeQuestions': ProxyQuestionsSchema,
} as const;
