import { UpdateStatusSchema } from '../model/updates';
import { defineChannel, NoInputSchema } from './channel';

/**
 * The updater's channels: what it is doing (the About box), and a check the user asks for.
 * Main decides everything (whether updates are on, the feed, the version it may take); the
 * window only shows the status and pushes the button.
 */
export const updateChannels = {
  'updates:getStatus': defineChannel({
    input: NoInputSchema,
    output: UpdateStatusSchema,
    summary: "The updater's mode, channel, feed, last check and state",
  }),
  'updates:check': defineChannel({
    input: NoInputSchema,
    output: UpdateStatusSchema,
    summary: 'Check for an update now (refused, with why, when updates are off here)',
  }),
} as const;
