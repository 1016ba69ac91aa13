import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { z } from 'zod';
import { SettingsSchema } from '../../../shared/model/settings';
import { UsageError } from './operation-args';

/*
 * The checks of single values on the transfer command lines: a contract schema's verdict as a
 * usage error naming the option, and the engine's options (parts in flight, bandwidth, minimum
 * speed, the destination folder, connections per download) within the bounds the app's settings allow.
 */

/** The option values as `parseArgs` answers them. */
export type Values = Record<string, string | boolean | string[] | undefined>;

/** The app's "Bandwidth limit" setting, whose bounds `--bandwidth` keeps. */
const BandwidthSchema = SettingsSchema.shape.bandwidthLimitMiBps.unwrap();

/** The app's minimum speed setting, whose bounds `--min-speed` keeps. */
const MinSpeedSchema = SettingsSchema.shape.minSpeedKiBps.unwrap();

/** The string value of option `name`, if given. */
export function text(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** Parses `value` with a contract schema, or throws a UsageError naming the option. */
export function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  const missing =
    typeof field === 'string' && (value as Record<string, unknown>)[field] === undefined;
  const option = typeof field === 'string' ? `--${field}` : 'The input';
  throw new UsageError(
    missing ? `${option} is required.` : `${option}: ${issue?.message ?? 'not valid'}.`,
  );
}

/** A count option from 1 to 16, as the app's settings of the same name allow. */
function countOf(option: string, value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 16) {
    throw new UsageError(`--${option} must be a whole number from 1 to 16; got "${value}".`);
  }
  return count;
}

/** `--parts-in-flight N`: 1 to 16, as the app's "Parts in flight" setting. */
export function partsInFlight(value: string): number {
  return countOf('parts-in-flight', value);
}

/**
 * `--connections N`, when given: the connections one large download uses at once, 1 to 16,
 * as the app's "Connections per download" setting (1: one stream).
 */
export function connectionsOf(values: Values): { rangesInFlight?: number } {
  const value = text(values, 'connections');
  return value === undefined ? {} : { rangesInFlight: countOf('connections', value) };
}

/**
 * `--bandwidth MIBPS`, when given: MiB/s within the bounds of the app's "Bandwidth limit"
 * setting. Its 0 (no limit) is refused here: no limit is what leaving the option out means,
 * and a 0 in a script is more likely a mistake than a wish.
 */
export function bandwidthOf(values: Values): { bandwidthMiBps?: number } {
  const value = text(values, 'bandwidth');
  if (value === undefined) return {};
  const limit = value.trim() === '' ? Number.NaN : Number(value);
  if (!(limit > 0) || !BandwidthSchema.safeParse(limit).success) {
    throw new UsageError(
      `--bandwidth must be a number of MiB/s from 0.1 to 10000, as the app's bandwidth limit (leave it out for no limit); got "${value}".`,
    );
  }
  return { bandwidthMiBps: limit };
}

/**
 * `--min-speed KIBPS`, when given: the throughput floor in KiB/s within the bounds of the app's
 * minimum speed setting, over its default window (60 s). Unlike `--bandwidth`, 0 is taken: it
 * turns the floor off, which leaving the option out does not (the default, 1 KiB/s, holds).
 */
export function minSpeedOf(values: Values): { minSpeedKiBps?: number } {
  const value = text(values, 'min-speed');
  if (value === undefined) return {};
  const floor = value.trim() === '' ? Number.NaN : Number(value);
  if (!MinSpeedSchema.safeParse(floor).success) {
    throw new UsageError(
      `--min-speed must be a number of KiB/s from 0 (off) to 1024, as the app's minimum speed (leave it out for 1 KiB/s); got "${value}".`,
    );
  }
  return { minSpeedKiBps: floor };
}

/**
 * `--to DIR`, required: the folder downloads go to, absolute. It is made when missing; a file
 * of that name is refused here (making the folder would fail deep in the download, EEXIST).
 */
export function folderOf(values: Values, what: string): string {
  const to = text(values, 'to');
  if (to === undefined || to === '') throw new UsageError(`Name the folder for ${what}: --to DIR.`);
  const folder = resolve(to);
  if (statSync(folder, { throwIfNoEntry: false })?.isDirectory() === false) {
    throw new UsageError(
      `--to ${to} is a file, not a folder: name the folder for ${what} (it is made when missing).`,
    );
  }
  return folder;
}
