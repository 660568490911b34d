/**
 * Calls `check` every 100 ms until it answers true (a throw counts as false), for `timeoutMs` at
 * most; then fails, saying `what` it waited for. Unlike `expect.poll`, it runs in hooks too.
 */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // Not yet: a server still starting refuses connections.
    }
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
