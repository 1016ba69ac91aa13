import type { Session } from '../../shared/contract/records/sessions';
import { intBetween, iso, pick, type Random } from '../random';

/** A session as the simulator keeps it; times are epoch milliseconds. */
export interface SessionRecord {
  readonly sessionId: number;
  databaseName: string | null;
  readonly loginName: string;
  readonly programName: string | null;
  readonly hostName: string | null;
  status: 'running' | 'runnable' | 'suspended' | 'sleeping' | 'background';
  readonly loginTime: number;
  lastRequestStartTime: number;
  lastRequestEndTime: number | null;
  cpuTime: number;
  memoryUsage: number;
  executingSql: string | null;
  /** 0 when not blocked. */
  blockingSessionId: number;
  /** SQL Server's own sessions (spid 50 and below) cannot be terminated. */
  readonly system: boolean;
}

/** SQL Server reserves spids up to 50 for its own background sessions. */
export const FIRST_USER_SPID = 51;

const PROGRAMS = [
  'Microsoft SQL Server Management Studio - Query',
  'DataBridge Loader',
  'Risk Modeler',
  'Core .Net SqlClient Data Provider',
  'Python ODBC',
  'Power BI Desktop',
] as const;
const HOSTS = [
  'WKS-ANALYST-07',
  'WKS-ANALYST-12',
  'etl-runner-01',
  'etl-runner-02',
  'bi-gateway',
  'modeler-node-3',
] as const;
const LOGINS = [
  'etl_loader',
  'report_reader',
  'analyst_jane',
  'analyst_omar',
  'modeler_svc',
] as const;

/** Statements the simulated sessions run. */
export const SAMPLE_SQL = [
  'SELECT TOP (1000) * FROM dbo.Portfolio WHERE PortfolioId = @p0',
  'EXEC dbo.usp_RefreshExposure @AnalysisId = 4411',
  'SELECT SUM(TotalInsuredValue) FROM dbo.Location GROUP BY CountryCode',
  'INSERT INTO dbo.EventLoss (EventId, Loss) SELECT EventId, Loss FROM #staging',
  'UPDATE STATISTICS dbo.Policy WITH FULLSCAN',
  'SELECT l.LocationId, a.AccountName FROM dbo.Location l JOIN dbo.Account a ON a.AccountId = l.AccountId',
] as const;

/** The statement a blocked session waits on, and the one its blocker left open. */
export const BLOCKING_SQL = {
  head: 'BEGIN TRAN; UPDATE dbo.Account SET Status = 2 WHERE AccountId BETWEEN 1 AND 50000',
  blocked: 'UPDATE dbo.Account SET LastReviewed = SYSUTCDATETIME() WHERE AccountId = 4411',
} as const;

/** A new user session on `databaseName`, logged in `ageMs` before `now`. */
export function newUserSession(
  random: Random,
  spid: number,
  now: number,
  databaseName: string,
  ageMs = intBetween(random, 1_000, 6 * 3600_000),
): SessionRecord {
  const active = random() < 0.5;
  const start = now - intBetween(random, 0, Math.min(ageMs, 60_000));
  return {
    sessionId: spid,
    databaseName,
    loginName: pick(random, LOGINS),
    programName: pick(random, PROGRAMS),
    hostName: pick(random, HOSTS),
    status: active ? pick(random, ['running', 'runnable', 'suspended'] as const) : 'sleeping',
    loginTime: now - ageMs,
    lastRequestStartTime: start,
    lastRequestEndTime: active ? null : start + intBetween(random, 5, 5_000),
    cpuTime: intBetween(random, 0, Math.floor(ageMs / 50)),
    memoryUsage: intBetween(random, 2, 4_000),
    executingSql: active ? pick(random, SAMPLE_SQL) : null,
    blockingSessionId: 0,
    system: false,
  };
}

/** SQL Server's background sessions (checkpoint, lazy writer...), spids 1..count. */
export function systemSessions(count: number, now: number, startedAt: number): SessionRecord[] {
  const tasks = [
    'CHECKPOINT',
    'LAZY WRITER',
    'LOCK MONITOR',
    'LOG WRITER',
    'RESOURCE MONITOR',
    'GHOST CLEANUP',
  ];
  return Array.from({ length: count }, (_, index) => ({
    sessionId: index + 1,
    databaseName: 'master',
    loginName: 'sa',
    programName: null,
    hostName: null,
    status: 'background' as const,
    loginTime: startedAt,
    lastRequestStartTime: startedAt,
    lastRequestEndTime: null,
    cpuTime: Math.floor((now - startedAt) / 1000) * (index + 1),
    memoryUsage: 2 + index,
    executingSql: tasks[index % tasks.length] ?? null,
    blockingSessionId: 0,
    system: true,
  }));
}

/** The wire form of a session. */
export function toSession(record: SessionRecord): Session {
  return {
    sessionId: record.sessionId,
    databaseName: record.databaseName,
    loginName: record.loginName,
    programName: record.programName,
    hostName: record.hostName,
    status: record.status,
    loginTime: iso(record.loginTime),
    lastRequestStartTime: iso(record.lastRequestStartTime),
    lastRequestEndTime: record.lastRequestEndTime === null ? null : iso(record.lastRequestEndTime),
    cpuTime: record.cpuTime,
    memoryUsage: record.memoryUsage,
    executingSql: record.executingSql,
    blockingSessionId: record.blockingSessionId,
  };
}
