// A coach's clients list, answered again without being made again while nothing it shows has
// changed: the answer made for a coach is kept (serialised, as sent) with the versions of their
// kept rows it was made from (`client_list_entries.version`, src/db/clientList.sql), and serves a
// later call when
// - the coach's rows still have those versions, in the same order: no write since to anything the
//   list shows (every such write rebuilds the client's row, and a rebuilt row takes a new version),
//   no client added, removed or moved to another coach;
// - the call comes in the same minute: the figures that move with the clock alone (engagement's
//   48 h window, a step's day, actions coming due) are at most a minute old;
// - the coach's time zone is the same (ages are counted on the coach's today).
// One short statement tells (the versions, about 7 bytes a client); a miss reads the rows as
// before. Each process keeps its own answers; as the versions come from the database, a write
// through another process is seen all the same.

/** The answers made in one minute serve that minute. */
export const listAnswerMinuteMs = 60_000;

/** Most bytes of answers one process keeps; the least recently used go first. */
const defaultMaxBytes = 32 * 1024 * 1024;

/** What an answer was made from, and when. */
export type ListAnswerKey = {
  /** The versions of the coach's kept rows, in the list's order (see selectListVersions). */
  versions: string;
  /** The instant of the call (the service's clock). */
  now: Date;
  /** The coach's time zone. */
  timezone: string;
};

type KeptAnswer = { versions: string; minute: number; timezone: string; body: Buffer };

const minuteOf = (now: Date) => Math.floor(now.getTime() / listAnswerMinuteMs);

/** The answers kept per coach (see the top of this file). */
export class ListAnswers {
  readonly #byCoach = new Map<string, KeptAnswer>();
  readonly #maxBytes: number;
  #bytes = 0;

  /** `maxBytes`: 0 keeps nothing; 32 MB when undefined. */
  constructor(maxBytes: number = defaultMaxBytes) {
    this.#maxBytes = maxBytes;
  }

  /** The answer kept for `coachPersonId` when it serves `key`. */
  find(coachPersonId: string, key: ListAnswerKey): Buffer | undefined {
    const kept = this.#byCoach.get(coachPersonId);
    if (
      kept === undefined ||
      kept.versions !== key.versions ||
      kept.minute !== minuteOf(key.now) ||
      kept.timezone !== key.timezone
    ) {
      return undefined;
    }
    // Most recently used last: the first one is the one to forget.
    this.#byCoach.delete(coachPersonId);
    this.#byCoach.set(coachPersonId, kept);
    return kept.body;
  }

  /** Keeps `body`, the answer made for `coachPersonId` from `key`, in place of the one before. */
  keep(coachPersonId: string, key: ListAnswerKey, body: Buffer): void {
    this.#forget(coachPersonId);
    if (body.byteLength > this.#maxBytes) return;
    this.#byCoach.set(coachPersonId, {
      versions: key.versions,
      minute: minuteOf(key.now),
      timezone: key.timezone,
      body,
    });
    this.#bytes += body.byteLength;
    for (const oldest of this.#byCoach.keys()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#forget(oldest);
    }
  }

  /** Bytes kept now. */
  get bytes(): number {
    return this.#bytes;
  }

  #forget(coachPersonId: string) {
    const kept = this.#byCoach.get(coachPersonId);
    if (kept === undefined) return;
    this.#bytes -= kept.body.byteLength;
    this.#byCoach.delete(coachPersonId);
  }
}
