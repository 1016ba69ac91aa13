import { h } from 'vue';
import type { JobSummary } from '@shared/contract/records/jobs';
import type { ResourceColumn } from '../../model/tables/resource-table';

/**
 * The Error column of a table of jobs (Jobs, All jobs): a failed job's error on its row, cut
 * to the column with the whole text on hover, searchable, and written whole when the table is
 * copied or saved. `errorText` answers the row's error ('' for a job that did not fail).
 */
export function jobErrorColumn<T extends JobSummary>(
  errorText: (row: T) => string,
  priority: number,
): ResourceColumn<T> {
  return {
    key: 'error',
    title: 'Error',
    minWidth: 86,
    // A sentence, most of it cut at its minimum: it takes most of a wide table's spare room
    // (three parts to the resource's one), where a name would only gain blank space.
    grow: 3,
    priority,
    render: (row) => {
      const text = errorText(row);
      const attrs = { class: 'job-row-error', title: text, 'data-testid': 'job-row-error' };
      return text ? h('span', attrs, text) : '';
    },
    searchText: errorText,
  };
}
