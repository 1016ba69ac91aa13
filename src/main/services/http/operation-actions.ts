import type { OperationId } from '../../../shared/contract/catalogue';

/*
 * What each operation does, as the middle of "Could not <action>: <service message>. <what to
 * do>". `{name}` is filled from the request's path parameters, so a message names the
 * instance, database or job it failed on.
 */
const ACTIONS: Readonly<Record<OperationId, string>> = {
  'archives.list': 'list archives of {instanceName}',
  'archives.get': 'read archive {archiveId} of {instanceName}',
  'archives.delete': 'delete archive {archiveId} of {instanceName}',
  'archives.restore': 'restore archive {archiveId} on {instanceName}',
  'cluster.get': 'read the cluster',
  'cluster.listAllowedIps': 'list the allowed IP addresses',
  'cluster.addAllowedIp': 'add an allowed IP address',
  'cluster.overwriteAllowedIps': 'update the allowed IP addresses',
  'cluster.deleteAllowedIp': 'remove allowed IP address {ipAddress}',
  'cluster.deleteAllowedRange': 'remove allowed range {cidrIpAddress}/{cidrIpPrefix}',
  'cluster.setServerSecurity': 'set the minimum TLS version',
  'cluster.getServerSecurity': 'read the TLS settings',
  'databases.create': 'create a database on {instanceName}',
  'databases.list': 'list databases of {instanceName}',
  'databases.get': 'read database {databaseName} on {instanceName}',
  'databases.drop': 'drop database {databaseName} on {instanceName}',
  'databases.pin': 'pin or unpin database {databaseName} on {instanceName}',
  'databases.updateSecurity': 'update the security groups of database {databaseName}',
  'databases.archive': 'archive database {databaseName} on {instanceName}',
  'databases.updateArchive': 'update archive {archiveId} of database {databaseName}',
  'databases.export': 'export database {databaseName} on {instanceName}',
  'databases.prepareImport': 'prepare the import into {databaseName} on {instanceName}',
  'databases.import': 'import into database {databaseName} on {instanceName}',
  'databases.move': 'move database {databaseName} from {instanceName}',
  'databases.rename': 'rename database {databaseName} on {instanceName}',
  'databases.shrink': 'shrink database {databaseName} on {instanceName}',
  'uploads.init': 'start the upload of {databaseName} to {instanceName}',
  'uploads.getPartUrl': 'get the address of part {partNumber} of the upload of {databaseName}',
  'uploads.putPart': 'upload part {partNumber} of {databaseName}',
  'uploads.complete': 'complete the upload of {databaseName} to {instanceName}',
  'jobs.getStatus': 'read the status of job {jobId}',
  'jobs.getDetails': 'read the details of job {jobId}',
  'jobs.listByInstance': 'list jobs of {instanceName}',
  'jobs.getByInstance': 'read job {jobId} of {instanceName}',
  'sessions.list': 'list sessions of {instanceName}',
  'sessions.listByDatabase': 'list sessions of database {databaseName} on {instanceName}',
  'sessions.killByDatabase': 'terminate session {spid} on database {databaseName}',
  'sessions.kill': 'terminate session {spid} on {instanceName}',
  'logins.list': 'list logins of {instanceName}',
  'logins.create': 'create a login on {instanceName}',
  'logins.updatePassword': 'change the password of login {loginName} on {instanceName}',
  'logins.delete': 'delete login {loginName} on {instanceName}',
  'clientIp.get': 'read your IP address',
  'instances.list': 'list instances',
  'instances.get': 'read instance {instanceName}',
  'instances.updateSecurity': 'update the security groups of instance {instanceName}',
  'linkedServers.list': 'list linked servers of {instanceName}',
  'linkedServers.create': 'link a server to {instanceName}',
  'linkedServers.delete': 'remove linked server {linkedServerName} from {instanceName}',
  'auth.loginImplicit': 'sign in',
  'auth.refresh': 'renew the sign-in',
};

/** "list databases of sql-eu-prod-01": what `operation` was doing with these parameters. */
export function describeAction(
  operation: string,
  params: Readonly<Record<string, unknown>> = {},
): string {
  const template = (ACTIONS as Readonly<Record<string, string>>)[operation] ?? `call ${operation}`;
  return template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : name;
  });
}
