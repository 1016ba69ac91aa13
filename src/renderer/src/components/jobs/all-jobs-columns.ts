import type { ResourceColumn } from '../../model/tables/resource-table';
import type { AllJobRow } from '../../model/jobs/all-jobs';
import { jobColumns } from './job-columns';
import { jobErrorColumn } from './job-error-column';

const instanceText = (row: AllJobRow): string => row.instanceName;
const connectionText = (row: AllJobRow): string => row.connectionName;

/**
 * The columns of the "All jobs" table. The connection has a column of its own only while
 * more than one connection is open: with one, every row would repeat the same name. A failed
 * job's error is its own column (`errorText`). Narrower than they need, the columns of higher
 * `priority` give way first.
 */
export function allJobsColumns(
  showConnection: boolean,
  errorText: (row: AllJobRow) => string,
): ResourceColumn<AllJobRow>[] {
  const where: ResourceColumn<AllJobRow>[] = [
    {
      key: 'instanceName',
      title: 'Instance',
      width: 120,
      priority: 1,
      sorter: (a, b) => a.instanceName.localeCompare(b.instanceName),
      ellipsis: { tooltip: true },
      searchText: instanceText,
    },
  ];
  if (showConnection) {
    where.push({
      key: 'connectionName',
      title: 'Connection',
      width: 120,
      priority: 4,
      sorter: (a, b) => a.connectionName.localeCompare(b.connectionName),
      ellipsis: { tooltip: true },
      searchText: connectionText,
    });
  }
  const job = jobColumns<AllJobRow>();
  return [
    ...where,
    job.type,
    job.status,
    // What the job is about names the row: its 160 px minimum keeps a database name whole at
    // 1280 px, the owner giving way first (it is in the chooser and the job's pane).
    job.resourceName,
    jobErrorColumn(errorText, 3),
    job.createTime,
    // Shown from the column chooser: with the start and the duration beside it, it would push
    // the owner out of a 1280-pixel window.
    { ...job.endTime, hidden: true, priority: 6 },
    job.duration,
    job.owner,
    job.id,
  ];
}
