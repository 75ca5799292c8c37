/**
 * The workbench as a test sees it: locators live here, tests speak in user actions.
 * Waits are on data-state="ready" markers, never on sleeps.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export interface ChartSeries {
  name: string;
  data: Array<number | { value: number; speedup?: string }>;
}

export class WorkbenchPage {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.page.waitForSelector('.app[data-state="ready"]');
  }

  /** Drops files on the window the way a file manager does: a drop event carrying Files. */
  async dropFiles(files: string[]): Promise<void> {
    const payload = files.map((f) => ({ name: path.basename(f), data: fs.readFileSync(f).toString('base64') }));
    await this.page.evaluate((items) => {
      const dt = new DataTransfer();
      for (const item of items) {
        const bytes = Uint8Array.from(atob(item.data), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], item.name));
      }
      window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, payload);
    await this.page.waitForSelector('[data-testid="import-sheet"][data-state="review"]');
  }

  sheet() {
    return this.page.locator('[data-testid="import-sheet"]');
  }

  async sheetRows(): Promise<Array<{ file: string; format: string; runs: number; error: string }>> {
    return this.sheet().locator('.sheet-files tbody tr').evaluateAll((rows) =>
      rows.map((r) => {
        const cells = r.querySelectorAll('td');
        return {
          file: r.getAttribute('data-file') ?? '',
          format: cells[1]?.textContent ?? '',
          runs: Number(cells[2]?.textContent ?? 0),
          error: [...r.querySelectorAll('[data-testid="file-error"]')].map((e) => e.textContent).join(' '),
        };
      }));
  }

  async confirmImport(study: string, config: string): Promise<string> {
    await this.sheet().locator('input[name="study"]').fill(study);
    await this.sheet().locator('input[name="config"]').fill(config);
    await this.sheet().locator('button[type="submit"]').click();
    await this.page.waitForSelector('[data-testid="import-sheet"][data-state="done"]');
    return (await this.sheet().locator('[data-testid="import-summary"]').textContent()) ?? '';
  }

  async closeSheet(): Promise<void> {
    await this.sheet().locator('button.primary').click();
    await this.sheet().waitFor({ state: 'detached' });
  }

  async cancelSheet(): Promise<void> {
    await this.sheet().locator('button', { hasText: /Cancel|取消/ }).click();
    await this.sheet().waitFor({ state: 'detached' });
  }

  async openStudy(slug: string): Promise<void> {
    await this.page.locator(`.study-list button[data-study="${slug}"]`).click();
    await this.page.waitForSelector(`[data-testid="study-view"][data-study="${slug}"][data-state="ready"]`);
  }

  async compare(baseline: string, candidate: string, metric: string): Promise<void> {
    await this.page.locator('[data-tab="compare"]').click();
    const view = this.page.locator('[data-testid="compare-view"]');
    await view.locator('select[name="baseline"]').selectOption(baseline);
    await view.locator('select[name="candidate"]').selectOption(candidate);
    await view.locator('select[name="metric"]').selectOption(metric);
    // Wait for this comparison's result, not the previous one still on screen.
    await this.page.waitForSelector(`[data-testid="compare-view"][data-result="${baseline}|${candidate}|${metric}"] .chart[data-state="ready"]`);
  }

  /** What the chart draws, read from the live ECharts instance. */
  async chart(id: string): Promise<{ categories: string[]; series: ChartSeries[]; title: string }> {
    return this.page.evaluate((chartId) => {
      const option = window.perfdeltaCharts![chartId]!.getOption() as {
        xAxis: Array<{ data: string[] }>;
        series: Array<{ name: string; data: Array<number | { value: number; speedup?: string }> }>;
        title: Array<{ text: string }>;
      };
      return { categories: option.xAxis[0]!.data, series: option.series.map((s) => ({ name: s.name, data: s.data })), title: option.title[0]!.text };
    }, id);
  }

  /** A full-page screenshot once every font subset in use has arrived (no tofu boxes). */
  async screenshot(file: string): Promise<void> {
    await this.page.evaluate(() => document.fonts.ready.then(() => undefined));
    await this.page.screenshot({ path: file, fullPage: true });
  }

  /** The table's rows: `speedup` is the figure ("16.16x"), `mark` the "~" printed after it (not shown to differ) or "". */
  async speedupTable(): Promise<Array<{ workload: string; baseline: string; candidate: string; speedup: string; mark: string; change: string }>> {
    return this.page.locator('[data-testid="speedup-table"] tbody tr').evaluateAll((rows) =>
      rows.map((r) => {
        const speedup = r.querySelector('[data-col="speedup"]')?.textContent ?? '';
        return {
          workload: r.getAttribute('data-workload') ?? '',
          baseline: r.querySelector('[data-col="baseline"]')?.textContent ?? '',
          candidate: r.querySelector('[data-col="candidate"]')?.textContent ?? '',
          speedup: speedup.replace(/ ~$/, ''),
          mark: speedup.endsWith(' ~') ? '~' : '',
          change: r.querySelector('[data-col="change"]')?.textContent ?? '',
        };
      }));
  }
}
