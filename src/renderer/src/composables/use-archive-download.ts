import type { Ref } from 'vue';
import type { ArchivesResponse } from '@shared/contract/records/archives';
import { useActivityStore } from '../stores/activity-store';
import { useTransfersStore } from '../stores/transfers-store';
import { useAction } from './use-action';

/** The instance whose archives are downloaded. */
export interface ArchiveDownloadTarget {
  readonly profileId: string;
  readonly instanceName: string;
}

/**
 * "Download archive": asks for a folder (the dialog the export uses), then starts a transfer
 * that downloads every file of the archive there, and shows its card in the activity panel. A
 * cancelled dialog does nothing; a failure is a toast naming the action. `download` answers
 * whether a transfer started. Call in setup.
 */
export function useArchiveDownload(target: () => ArchiveDownloadTarget): {
  download: (archive: Pick<ArchivesResponse, 'archiveId' | 'name'>) => Promise<boolean>;
  isRunning: Ref<boolean>;
} {
  const transfers = useTransfersStore();
  const activity = useActivityStore();
  const action = useAction('Download the archive');

  async function download(archive: Pick<ArchivesResponse, 'archiveId' | 'name'>): Promise<boolean> {
    const archiveId = archive.archiveId;
    if (!archiveId) return false;
    const name = archive.name ?? archiveId;
    const outcome = await action.run(async () => {
      const folder = await transfers.chooseFolder(`Download archive ${name} to this folder`);
      if (!folder) return undefined;
      return transfers.startArchiveDownload({ ...target(), archiveId, destinationFolder: folder });
    });
    if (!outcome.ok || !outcome.value) return false;
    activity.openPanel({ kind: 'transfer', id: outcome.value.id });
    return true;
  }

  return { download, isRunning: action.isRunning };
}
