/** The tag type naive-ui colours a status with. */
export type TagType = 'default' | 'success' | 'info' | 'warning' | 'error';

const INSTANCE: Readonly<Record<string, TagType>> = {
  Online: 'success',
  Offline: 'error',
  Starting: 'info',
  Stopping: 'warning',
};

const DATABASE: Readonly<Record<string, TagType>> = {
  Ready: 'success',
  Inactive: 'default',
  Offline: 'error',
  Creating: 'info',
  Importing: 'info',
  Exporting: 'info',
  Archiving: 'info',
  Restoring: 'info',
  Moving: 'info',
  Shrinking: 'info',
};

/** The colour of an instance status (unknown statuses are neutral). */
export function instanceStatusType(status: string): TagType {
  return INSTANCE[status] ?? 'default';
}

/** The colour of a database status (unknown statuses are neutral). */
export function databaseStatusType(status: string): TagType {
  return DATABASE[status] ?? 'default';
}
