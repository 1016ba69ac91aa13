import { z } from 'zod';
import { INSTANCE_STATUSES } from '../enums';
import { ResponseNumberSchema, openEnum, ours, requiredText } from '../primitives';

/** A managed SQL Server instance [public]; `status` values are ours, so the enum is open. */
export const SqlInstanceSchema = z.looseObject({
  name: z.string(),
  uid: z.string(),
  endpoint: z.string(),
  internalEndpoint: z.string(),
  status: openEnum(INSTANCE_STATUSES),
  totalDiskSpaceInMb: ResponseNumberSchema,
  availableDiskSpaceInMb: ResponseNumberSchema,
  usedDiskSpaceInMb: ResponseNumberSchema,
  databaseLimit: ResponseNumberSchema,
  pinnedDatabaseLimit: ResponseNumberSchema,
});
/** See {@link SqlInstanceSchema}. */
export type SqlInstance = z.infer<typeof SqlInstanceSchema>;

/**
 * One element of the body of the security PATCH of an instance or a database [public]; the
 * body is an array of these. Adds the group `value` to, or removes it from, the resource.
 */
export const GroupOperationSchema = z.strictObject({
  operation: z.enum(['Add', 'Remove'], { error: 'Operation must be Add or Remove' }),
  targetProperty: z.literal('groupId', { error: 'Target property must be groupId' }),
  value: requiredText('Group id'),
});
/** See {@link GroupOperationSchema}. */
export type GroupOperation = z.infer<typeof GroupOperationSchema>;

/** Body of the security PATCH of an instance or a database: at least one group operation. */
export const GroupOperationListSchema = z
  .array(GroupOperationSchema)
  .min(1, { error: 'Give at least one group to add or remove' });

/** Body of create linked server [ours]: another instance of the same tenant. */
export const LinkedServerRequestSchema = z.strictObject({
  linkedServerName: requiredText('Linked server name'),
});

/** An element of the linked-server list [ours: every field may be missing]. */
export const LinkedServerResponseSchema = z.looseObject({
  linkedServerName: ours(z.string()),
  status: ours(z.string()),
});
/** See {@link LinkedServerResponseSchema}. */
export type LinkedServerResponse = z.infer<typeof LinkedServerResponseSchema>;
