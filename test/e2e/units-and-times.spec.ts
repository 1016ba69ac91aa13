import type { Locator, Page } from '@playwright/test';
import { expect, SMALL_PARTS, test } from '../support/e2e/fixtures';
import { jumpTo, pickMenuItem, runCommand } from '../support/e2e/menus';
import { screenshotThemes, takesScreenshots } from '../support/e2e/screenshots';

/*
 * One way to write sizes and times in every main view, with the demo data at 1280x800:
 * binary units (KiB, MiB, GiB), times as `2026-11-27 14:03:05` (or `14:03:05` on the day
 * itself) on the default 24-hour clock, the age of a time on hover only, and durations as
 * durations. The visible text of each view is read whole and searched for what must not be
 * there; every `<time>` is checked on its own.
 */
test.describe.configure({ mode: 'serial' });
// Imports of a few MiB run several parts.
test.use({ transfers: SMALL_PARTS });

const DATE_TIME = /(?<!\d)\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?!\d)/;
const DATE = /(?<!\d)\d{4}-\d\d-\d\d(?!\d)/;
const TIME_OF_DAY = /(?<![\d:])\d\d:\d\d:\d\d(?![\d:])/;
const every = (pattern: RegExp): RegExp => new RegExp(pattern.source, 'g');
const AGE = /^(\d+ (min|h|d|mo|y) ago|in \d+ (min|h|d|mo|y)|now)$/;

/** What the text of a view must not hold, each with what it would be a sign of. */
const FORBIDDEN: ReadonlyArray<readonly [RegExp, string]> = [
  [/\d\s*(KB|MB|GB|TB)\b/, 'a decimal unit name'],
  [/[\s\u202f](AM|PM|am|pm)\b/, 'a 12-hour clock'],
  [/\d(am|pm)\b/, 'a 12-hour clock'],
  [/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/, 'a locale date'],
  // Not an address (10.20.0.11): a dotted date with its four-digit year and nothing around.
  [/(?<![\d.])\d{1,2}\.\d{1,2}\.\d{4}(?![\d.])/, 'a locale date'],
  [/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}\b/, 'a month name'],
  [/\bago\b|\byesterday\b|\blast (week|month|year)\b/, 'an age shown without its time'],
];

/**
 * The problems of a view's visible text: anything FORBIDDEN, and a clock reading left once
 * the one date-time form and the time of day alone are taken out (`0:42`, `12:11`).
 */
function problemsOf(text: string): string[] {
  const problems = FORBIDDEN.flatMap(([pattern, what]) => {
    const found = pattern.exec(text);
    return found
      ? [`${what}: "${text.slice(Math.max(0, found.index - 30), found.index + 30)}"`]
      : [];
  });
  const rest = text.replace(every(DATE_TIME), '').replace(every(TIME_OF_DAY), '');
  const clock = /(?<![\d:])\d{1,2}:\d\d(?![\d:])/.exec(rest);
  if (clock) problems.push(`a clock reading in another form: "${clock[0]}"`);
  return problems;
}

/** Every `<time>` shows one of the forms, and holds the full time with its age in its tooltip. */
async function checkTimes(scope: Locator): Promise<number> {
  // Read in one call: a table has dozens of times, and a round trip each is slow. (Typed by
  // hand: the spec compiles without the DOM library.)
  type TimeElement = { textContent: string | null; getAttribute(name: string): string | null };
  const times = await scope.locator('time').evaluateAll((elements: TimeElement[]) =>
    elements.map((element) => ({
      text: (element.textContent ?? '').trim(),
      title: element.getAttribute('title') ?? '',
    })),
  );
  for (const { text, title } of times) {
    const forms = [DATE_TIME, DATE, TIME_OF_DAY].map((form) => new RegExp(`^${form.source}$`));
    expect(
      forms.some((form) => form.test(text)),
      `a time reads "${text}"`,
    ).toBe(true);
    const [full, age, ...more] = title.split(' · ');
    expect(full, `the tooltip of "${text}"`).toMatch(new RegExp(`^${DATE_TIME.source}$`));
    expect(age, `the tooltip of "${text}"`).toMatch(AGE);
    expect(more).toEqual([]);
  }
  return times.length;
}

/**
 * Opens a view through jump-to, with more time than jumpTo's own for a view shown the first
 * time (its code is fetched then), which a busy machine can take past ten seconds for.
 */
async function open(page: Page, query: string, testId: string): Promise<Locator> {
  const view = page.getByTestId(testId);
  await jumpTo(page, query, testId).catch(() => undefined);
  await expect(view).toBeVisible({ timeout: 30_000 });
  return view;
}

/** The view's visible text (the page's, so notifications and the activity panel count too). */
async function checkView(page: Page, view: Locator, name: string): Promise<string> {
  await expect(view).toBeVisible();
  const text = await page.locator('body').innerText();
  expect(problemsOf(text), `the ${name} view`).toEqual([]);
  await checkTimes(page.locator('body'));
  return text;
}

test('the rules themselves catch what they are meant to', () => {
  expect(problemsOf('5.00 MB of 1.2 GB')).toHaveLength(1);
  expect(problemsOf('at 12:11:24 AM')).toHaveLength(1);
  expect(problemsOf('11/26/26, 22:26')).toHaveLength(2);
  expect(problemsOf('27.11.2026, 00:11:24')).toHaveLength(1);
  expect(problemsOf('Internal endpoint: 10.20.0.11:1433')).toEqual([]);
  expect(problemsOf('2026-11-27 12:11am')).toHaveLength(2);
  expect(problemsOf('last year')).toHaveLength(1);
  expect(problemsOf('ETA 0:42')).toHaveLength(1);
  expect(problemsOf('5.00 MiB · 150 GiB · 2026-11-27 00:11:17 · 00:11:17 · 2 min 05 s')).toEqual(
    [],
  );
});

test('Databases: sizes in MiB and GiB, creation dates in the one form', async ({ page }) => {
  test.slow(takesScreenshots, 'it also takes screenshots in both themes');
  const table = await open(page, 'databases sql-eu-prod-01', 'database-table');
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const text = await checkView(page, table, 'Databases');
  expect(text).toMatch(/\d (MiB|GiB)\b/);
  expect(text).toMatch(DATE);
  await screenshotThemes(page, 'units-times-databases');
});

test('Archives: sizes and dates, and the details drawer', async ({ page }) => {
  const view = await open(page, 'archives prod', 'archives-view');
  await expect(view.getByTestId('archive-table').locator('tbody tr').first()).toBeVisible();
  const text = await checkView(page, view, 'Archives');
  expect(text).toMatch(/\d (KiB|MiB|GiB)\b/);
  expect(await checkTimes(view)).toBeGreaterThan(0);

  await view.getByTestId('archive-table').getByTestId('row-menu').first().click();
  await pickMenuItem(page, 'Details');
  const details = page.getByTestId('archive-details');
  await expect(details).toContainText(/Size\s*\d[\d.]* (KiB|MiB|GiB)/);
  await expect(details).toContainText(DATE_TIME);
  await checkView(page, details, 'archive details');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
});

test('Sessions: login and request times with their date, their age on hover', async ({ page }) => {
  test.slow(takesScreenshots, 'it also takes screenshots in both themes');
  const view = await open(page, 'sessions prod', 'sessions-view');
  const rows = view.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // The time columns are in the column chooser at 1280 px; ticked, they stay.
  await view.getByTestId('column-chooser').click();
  for (const title of ['Login time', 'Request start']) {
    await page
      .getByTestId('column-chooser-list')
      .locator('.n-checkbox')
      .filter({ hasText: title })
      .click();
    await expect(view.locator('th').filter({ hasText: title })).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  const text = await checkView(page, view, 'Sessions');
  expect(text).toMatch(DATE_TIME);
  expect(await checkTimes(view)).toBeGreaterThan(0);
  await screenshotThemes(page, 'units-times-sessions');
});

test('Jobs: start and end times, durations as durations', async ({ page }) => {
  const view = await open(page, 'jobs prod', 'jobs-view');
  await expect(view.getByTestId('job-table').locator('tbody tr').first()).toBeVisible();
  await checkView(page, view, 'Jobs');
  expect(await checkTimes(view)).toBeGreaterThan(0);
  for (const duration of await view.getByTestId('duration-text').allTextContents()) {
    expect(duration).toMatch(/^(\d+ s|\d+ min( \d\d s)?|\d+ h( \d\d min)?|\d+ d( \d\d h)?)$/);
  }
});

test('Monitor: the chart legend and the last sample read as the rest of the app', async ({
  page,
}) => {
  await runCommand(page, 'Open monitor');
  const view = page.getByTestId('monitor-view');
  await view.getByTestId('monitor-row').filter({ hasText: 'sql-eu-prod-01' }).click();
  const detail = page.getByTestId('monitor-detail');
  await expect(detail.getByTestId('time-series-chart')).not.toHaveAttribute('data-points', '0');
  await expect(detail.locator('.u-legend')).toContainText(TIME_OF_DAY);
  await checkView(page, view, 'Monitor');
});

test('Settings, an instance and the activity panel', async ({ page, consoleErrors }) => {
  await page.getByTestId('open-settings').click();
  const settings = page.getByTestId('settings-view');
  await checkView(page, settings, 'Settings');
  await expect(settings.getByTestId('settings-clock')).toBeVisible();
  // The instance's jobs in the panel, beside the instance's overview (its disk sizes).
  const overview = await open(page, 'sql-eu-prod-01', 'instance-overview');
  const panel = page.getByTestId('activity-panel');
  if (!(await panel.isVisible())) await page.getByTestId('toggle-activity').click();
  await panel.getByTestId('activity-scope-instance').click();
  await expect(panel.getByTestId('job-card').first()).toBeVisible();
  await checkView(page, overview, 'instance overview');
  expect(await checkTimes(panel)).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});

test("the system clock writes times as the browser's locale does, and is saved", async ({
  page,
  harness,
  consoleErrors,
}) => {
  const view = await open(page, 'jobs prod', 'jobs-view');
  const started = view.getByTestId('job-table').locator('tbody tr time').first();
  const iso = (await started.getAttribute('datetime')) ?? '';
  await expect(started).toHaveText(new RegExp(`^${DATE_TIME.source}$`));

  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-clock-system').click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
  expect(harness.services.settings.get().clock).toBe('system');
  await open(page, 'jobs prod', 'jobs-view');
  const expected = await page.evaluate(
    (at) =>
      new Intl.DateTimeFormat(undefined, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).format(new Date(at)),
    iso,
  );
  await expect(started).toHaveText(expected);

  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-clock-24h').click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
  expect(harness.services.settings.get().clock).toBe('24h');
  expect(consoleErrors).toEqual([]);
});
