import type { ReceivedMail } from '../../packages/server/test/mailSink.ts';

export type { ReceivedMail };

/** The product's mail as a test reads it: its own SMTP sink's, or its share of the shared one's. */
export type Mailbox = {
  /** The mails received so far, oldest first. */
  received: () => Promise<ReceivedMail[]>;
  /** Resolves with the first `count` mails once they have arrived (10 s at most). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  /**
   * Resolves with the first mail to `address` among those received from index `since` on (10 s
   * at most).
   */
  waitForMailTo: (address: string, since?: number, timeoutMs?: number) => Promise<ReceivedMail>;
};

/** A mailbox over a list of mails read afresh each time, asked every 50 ms while waiting. */
export function pollingMailbox(read: () => Promise<ReceivedMail[]>): Mailbox {
  const until = async <T>(
    find: (mails: ReceivedMail[]) => T | undefined,
    timeoutMs: number,
    failure: (mails: ReceivedMail[]) => string,
  ): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await read();
      const found = find(mails);
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(failure(mails));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    received: read,
    waitFor: (count, timeoutMs = 10_000) =>
      until(
        (mails) => (mails.length >= count ? mails.slice(0, count) : undefined),
        timeoutMs,
        (mails) => `Only ${mails.length} of ${count} mails came`,
      ),
    waitForMailTo: (address, since = 0, timeoutMs = 10_000) =>
      until(
        (mails) => mails.slice(since).find((mail) => mail.to.includes(address)),
        timeoutMs,
        () => `No mail to ${address} came`,
      ),
  };
}
