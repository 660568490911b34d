import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../packages/server/test/pdfText.ts';
import { setUpE2e } from './harness/browser.ts';
import { signInAsCoach, storedTokens } from './harness/coach.ts';

// The client profile against the running product and its demo practice: a client opened
// from the list shows the API's figures, moves from Learn to Sense (and the list says so), and a
// report is generated and downloaded as a PDF holding the coach's notes and the client's name.
// The run's shared product: the one Learn client it moves to Sense and the report it adds are read
// by no other file (clients.test.ts checks no phase or figure of a given client).
const e2e = setUpE2e({ product: 'shared' });

/** What the API answers the signed-in coach for a path under /api. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const { accessToken } = await storedTokens(page);
  const response = await page.request.get(`/api${path}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/**
 * Renders page 1 of a PDF with poppler's pdftoppm (a reader other than the one that checked the
 * text) into the e2e artifacts folder, and answers the PNG.
 */
function renderFirstPage(pdf: Uint8Array): Buffer {
  const folder = process.env.E2E_ARTIFACTS ?? join(tmpdir(), 'coach-e2e-artifacts');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'client-report.pdf');
  writeFileSync(file, pdf);
  const prefix = join(folder, 'client-report-page');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
  return readFileSync(`${prefix}.png`);
}

type Summary = { firstName: string; lastName: string; engagement: { hours: number } };
type Journey = { currentStep: string; currentDay: number };

const notes = {
  'Mental wellbeing': 'Calmer mornings since the breathing sessions.',
  'Physical wellbeing': 'Sleep is steadier; keep the evening walks.',
  Productivity: 'Focus blocks are landing before noon.',
  'Final comments from coach': 'Ready for Sense: keep the morning routine.',
};

describe('client profile', () => {
  it('shows the API figures, moves a Learn client to Sense and downloads a PDF report', async () => {
    const page = await e2e.newPage();
    await signInAsCoach(page);

    // A Learn client, opened from the list.
    await page.goto('/clients?phase=learn');
    const rows = page.getByRole('table', { name: 'Clients' }).locator('tbody tr[data-kind="data"]');
    await rows.first().waitFor();
    await rows.first().click();
    await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
    const clientId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // The header says what the API says.
    const summary = await apiGet<Summary>(page, `/analytics/clients/${clientId}/profile`);
    const journey = await apiGet<Journey>(page, `/journey/clients/${clientId}/journey`);
    expect(journey.currentStep).toBe('learn');
    const name = `${summary.firstName} ${summary.lastName}`;
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText(`Day ${journey.currentDay} of Learn`).waitFor();
    await page.getByText(`${summary.engagement.hours.toFixed(1)} h of 10.0 h`).waitFor();

    // Learn -> Sense: goals, BPM and goal choices, after the warning.
    await page.getByRole('button', { name: 'Start next phase' }).click();
    const phaseDialog = page.getByRole('dialog', { name: 'Start next phase' });
    await phaseDialog
      .getByText('Please note: once changing journey phase, you can not return the old one.')
      .waitFor();
    await phaseDialog.getByText('Breathing', { exact: true }).click();
    await phaseDialog.getByRole('combobox', { name: 'Breaths per minute' }).click();
    await page.getByRole('option', { name: '6 BPM' }).click();
    await phaseDialog.getByRole('combobox', { name: 'Goal choices' }).click();
    await page.getByRole('option', { name: 'Calm' }).click();
    await page.keyboard.press('Escape');
    await phaseDialog.getByRole('combobox', { name: 'Goal choices' }).getByText('Calm').waitFor();
    expect(await phaseDialog.getByRole('checkbox', { name: 'Breathing' }).isChecked()).toBe(true);
    await phaseDialog.getByRole('button', { name: 'Start Sense' }).click();
    await page.getByText('Phase successfully changed').waitFor();
    await page.getByText('Day 1 of Sense').waitFor();
    const after = await apiGet<Journey>(page, `/journey/clients/${clientId}/journey`);
    expect(after).toMatchObject({ currentStep: 'sense', currentDay: 1 });

    // The list shows the new phase.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'My clients' })
      .click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(summary.lastName);
    const row = page
      .getByRole('table', { name: 'Clients' })
      .locator('tbody tr[data-kind="data"]', { hasText: name });
    await row.getByText('Sense').first().waitFor();

    // The report: four notes, generated by the server, downloaded.
    await row.click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Generate report' }).click();
    const reportDialog = page.getByRole('dialog', { name: 'Generate report' });
    for (const [label, text] of Object.entries(notes)) {
      await reportDialog.getByLabel(label, { exact: true }).fill(text);
    }
    await reportDialog.getByText(`${notes.Productivity.length}/500`).waitFor();
    const download = page.waitForEvent('download');
    await reportDialog.getByRole('button', { name: 'Generate' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^report-.+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = new Uint8Array(Buffer.concat(chunks));
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = (await pdfPageTexts(bytes)).join(' ');
    expect(text).toContain(name);
    for (const note of Object.values(notes)) expect(text).toContain(note);
    expect(text).toContain('Page 1 of');
    // Page 1 as an image, kept beside the other e2e artifacts for a look.
    const png = renderFirstPage(bytes);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeGreaterThan(10_000);

    // Listed on the profile's Reports group, with its author.
    await page
      .getByRole('navigation', { name: "The client's record" })
      .getByRole('link', { name: 'Reports' })
      .click();
    await page.waitForURL(/\/clients\/[^/]+\/reports$/);
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page
      .getByText(/^Generated on .+ by Olivia Bennett$/)
      .first()
      .waitFor();
  });
});
