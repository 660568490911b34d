import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from './chromium.js';
const ids = (process.argv[2] ?? 'app-screens-clients--default,app-screens-clientprofile--default,app-screens-settings--loaded,app-dialogs-inviteclient--open,app-screens-signin--validation-errors').split(',');
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });
const page = await context.newPage();
await page.goto('http://127.0.0.1:6111/iframe.html?id=' + ids[0] + '&viewMode=story');
await page.waitForTimeout(4000);
for (const id of ids) { await page.evaluate((storyId) => (window as any).__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' }), id); await page.waitForTimeout(2500); }
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
await cdp.send('Profiler.start');
const t0 = Date.now();
for (const id of ids) {
  const s = Date.now();
  await page.evaluate((storyId) => (window as any).__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' }), id);
  await page.waitForFunction((storyId) => {
    const p = (window as any).__STORYBOOK_PREVIEW__;
    const r = p?.currentRender;
    return r && r.id === storyId && (r.phase === 'finished' || r.phase === 'completed' || r.phase === 'errored' || r.phase === 'aborted');
  }, id, { timeout: 30000 }).catch(() => console.log('timeout', id));
  console.log(id, Date.now() - s, 'ms');
}
const { profile } = await cdp.send('Profiler.stop');
console.log('total', Date.now() - t0);
writeFileSync('/tmp/story.cpuprofile', JSON.stringify(profile));
const self = new Map<number, number>();
const dt = profile.timeDeltas ?? [];
profile.samples?.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
const byFn = new Map<string, number>(); const byUrl = new Map<string, number>();
let total = 0;
for (const n of profile.nodes) {
  const t = (self.get(n.id) ?? 0) / 1000; total += t;
  const url = n.callFrame.url.split('/').pop() || n.callFrame.functionName || '(native)';
  const key = `${n.callFrame.functionName || '(anon)'} ${url}:${n.callFrame.lineNumber}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t); byUrl.set(url, (byUrl.get(url) ?? 0) + t);
}
console.log('sampled ms', total.toFixed(0));
for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(v.toFixed(0).padStart(7), k);
console.log('---');
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(v.toFixed(0).padStart(7), k);
await browser.close();
