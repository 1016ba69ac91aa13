import { HarnessPlatform } from '../../harness/harness-platform';

/** The harness platform with native drag-out, recording what it would open or drag. */
export class RecordingPlatform extends HarnessPlatform {
  override readonly features = {
    tray: false,
    nativeDrag: true,
    notifications: false,
    sandbox: false,
  };
  readonly opened: string[] = [];
  readonly dragged: string[][] = [];

  override openPath(path?: string): Promise<void> {
    this.opened.push(path ?? '');
    return Promise.resolve();
  }

  override startDrag(paths?: readonly string[]): void {
    this.dragged.push([...(paths ?? [])]);
  }
}
