// The browser and system a request came from, in a few words ('Firefox on Linux'), for the
// account's security events and notices: never the whole User-Agent (which may carry more than
// its owner expects), and nothing when it names nothing known.

const browsers: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bAppleWebKit\//, 'WebKit'],
];

const systems: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

/** Longest User-Agent read (a longer one is read up to here). */
const userAgentReadLength = 512;

/** 'Firefox on Linux', 'Safari on iOS', 'Chrome', 'Linux' or null from a User-Agent header. */
export function browserNameOf(userAgent: string | string[] | undefined): string | null {
  const text = (Array.isArray(userAgent) ? userAgent[0] : userAgent)?.slice(0, userAgentReadLength);
  if (!text) return null;
  const browser = browsers.find(([pattern]) => pattern.test(text))?.[1];
  const system = systems.find(([pattern]) => pattern.test(text))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}
