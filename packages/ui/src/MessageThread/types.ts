import type { ReactNode } from 'react';

/** Where an own message is: on its way, stored, seen by the other side, or not sent. */
export type ThreadMessageStatus = 'sending' | 'sent' | 'read' | 'failed';

/** One message as the thread shows it: every text already formatted by the caller. */
export type ThreadMessage = {
  /** Stable identity: keys the row and keeps its measured height when older pages arrive. */
  id: string;
  /**
   * The text, shown as plain text (never as HTML, links not made live), line breaks kept. The
   * caller neutralises it first (bidi overrides and other controls), as the server's rule does.
   */
  text: string;
  /** Whether the viewer wrote it: own messages sit at the end side, in the accent colour. */
  isOwn: boolean;
  /** Who wrote it ('You', 'Anna Smith'): the message's accessible name starts with it. */
  authorLabel: string;
  /** The time it was sent, formatted ('14:05'). */
  timeLabel: string;
  /** The calendar day it was sent in the viewer's zone (any stable key, e.g. '2026-03-03'). */
  day: string;
  /** The day's separator label ('Today', 'Monday 3 March'), shown once above its messages. */
  dayLabel: string;
  /** Own messages only: sending, sent, read or failed. */
  status?: ThreadMessageStatus;
  /** The status said in words ('Sending…', 'Sent', 'Read', 'Not sent'), beside the time. */
  statusLabel?: string;
  /** Deleted: its text is not shown, the thread's `deletedText` placeholder is. */
  isDeleted?: boolean;
};

/** A row of the scrolled list: a day's separator or a message. */
export type ThreadRow =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ThreadMessage; position: number };

/** What a message row needs from the thread besides its message. */
export type MessageRowOptions = {
  deletedText: string;
  retryLabel: string;
  onRetry: ((message: ThreadMessage) => void) | undefined;
  renderActions: ((message: ThreadMessage) => ReactNode) | undefined;
  setSize: number;
  /** Unique to the thread, so two threads on a page never share an id. */
  idPrefix: string;
};
