import { z } from 'zod';

/*
 * The browser harness's transport (tests only, never packaged): the same invoke/on contract
 * over one WebSocket. Shared so the renderer's transport and the harness server agree.
 */

/** The meta tag through which the harness hands the page its per-run token. */
export const HARNESS_TOKEN_META = 'databridge-harness-token';

/** The WebSocket path; the token goes in the `token` query parameter. */
export const HARNESS_IPC_PATH = '/ipc';

/** An invoke from the page. */
export const HarnessRequestSchema = z.object({
  id: z.number().int().nonnegative(),
  channel: z.string(),
  input: z.unknown().optional(),
});

/** What the harness sends: the answer of an invoke, or a push event. */
export type HarnessMessage =
  | { readonly id: number; readonly envelope: unknown }
  | { readonly event: string; readonly payload: unknown };
