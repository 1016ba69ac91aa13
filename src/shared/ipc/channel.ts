import { z } from 'zod';

/**
 * One invoke channel of the IPC contract: the schema of what the renderer sends and of what
 * main answers. Types on both sides come from these schemas (`z.input` for what a caller
 * writes, `z.output` for what a handler receives or returns).
 */
export interface ChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly output: O;
  /** One line: what the channel does (shown in tests and docs). */
  readonly summary: string;
}

/** Declares a channel, keeping the literal schema types. */
export function defineChannel<I extends z.ZodType, O extends z.ZodType>(
  def: ChannelDef<I, O>,
): ChannelDef<I, O> {
  return def;
}

/** The input of a channel that takes nothing: an empty object, or nothing at all. */
export const NoInputSchema = z.strictObject({}).optional();

/** The output of a channel that answers nothing. */
export const NoOutputSchema = z.undefined();
