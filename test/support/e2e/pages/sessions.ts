import { expect, type Locator } from '@playwright/test';
import { AuditPage } from './audit';
import { View } from './view';

/** The Sessions view of an instance: live sessions, blocking chains, the kill log. */
export class SessionsPage extends View {
  protected readonly viewId = 'sessions-view';
  protected readonly tableId = 'session-table';

  /** A session's row by its spid. */
  row(spid: string): Locator {
    return this.rowByKey(spid);
  }

  /** Pauses the monitor so the snapshot holds still while a test reads rows. */
  async pause(): Promise<void> {
    await this.page.getByTestId('session-pause').click();
    await expect(this.page.getByTestId('session-age')).toContainText('paused');
  }

  /**
   * The "Kill log" opens the audit trail on its session kills: each session of `spids` is
   * there, as a kill that went through (a call of its action: one kill, or a bulk kill).
   */
  async expectInKillLog(spids: readonly string[]): Promise<void> {
    await this.page.getByTestId('session-kill-log').click();
    await expect(this.page.getByTestId('audit-view')).toBeVisible();
    await expect(this.page.getByTestId('audit-kills-only')).toHaveAttribute('aria-checked', 'true');
    const calls = await new AuditPage(this.page).openAll();
    for (const spid of spids) {
      // A row's text runs its cells together: the spid is the target's end, no digit after it.
      const call = calls.filter({ hasText: new RegExp(` / ${spid}(?!\\d)`) }).first();
      await expect(call).toContainText('sessions kill');
      await expect(call).toContainText(/Done · 20[04]/);
    }
  }
}
