import { MAX_EXPORT_WITHOUT_DETACH_MB } from '@shared/contract/query';
import type { ExportToType } from '@shared/contract/enums';
import { formatSizeMiB } from '@shared/format/units';

/*
 * The interface's export rules, as the export dialog applies them before anything is sent:
 * 1. detachOnly off (default): the database is backed up, then detached;
 * 2. detachOnly on: the database is offline during the export job and not backed up;
 * 3. a database over 100 GiB needs detachOnly; detachOnly is valid only with MDF (0).
 */

/** What the dialog allows for a database of `sizeInMb` (unknown size: no constraint). */
export interface ExportChoices {
  /** detachOnly must be on (the database is over 100 GiB). */
  readonly detachRequired: boolean;
  /** The types that may be chosen. */
  readonly allowedTypes: readonly ExportToType[];
}

/** The choices the rules leave for a database of this size. */
export function exportChoices(sizeInMb: number | undefined): ExportChoices {
  const detachRequired = sizeInMb !== undefined && sizeInMb > MAX_EXPORT_WITHOUT_DETACH_MB;
  return { detachRequired, allowedTypes: detachRequired ? [0] : [0, 1, 2] };
}

/** Why `exportTo` + `detachOnly` break the rules for this size, or undefined when they do not. */
export function exportProblem(
  exportTo: ExportToType,
  detachOnly: boolean,
  sizeInMb: number | undefined,
): string | undefined {
  if (detachOnly && exportTo !== 0) {
    return '"Detach only" works only with MDF. Choose MDF, or turn "Detach only" off.';
  }
  if (exportChoices(sizeInMb).detachRequired && !detachOnly) {
    const limit = formatSizeMiB(MAX_EXPORT_WITHOUT_DETACH_MB);
    return `This database is over ${limit}: it can only be exported to MDF with "Detach only".`;
  }
  return undefined;
}
