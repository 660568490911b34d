// PostgreSQL parses and plans a statement at each call unless it is a named (prepared) statement,
// which each connection parses once and whose plan it keeps (decision 79). So every statement
// the process runs again and again is named, here, for every connection of the pool: the services
// keep writing plain drizzle.
//
// - Named: a statement with parameters (already the extended protocol: naming it changes nothing
//   of what it means) whose text the process has run before. A text run once (a list of n
//   placeholders, a one-off maintenance statement) stays unnamed.
// - Bounded: at most `maxNames` texts are named per process (so at most that many prepared
//   statements per connection, each holding its plan in the server's memory), and at most
//   `maxCandidates` texts are remembered as seen once (that memory starts over when full).
// - Names are given in order per process (`coach_1`, `coach_2`...), one per text: never the same
//   name for two texts, which node-postgres refuses on a connection.

/** The most texts named per process: the prepared statements each connection may hold. */
const maxNames = 300;
/** The most texts remembered as seen once, waiting for a second call. */
const maxCandidates = 2_000;

/** What a pool's connection is called with: a text or a config, values, a callback. */
type QueryArguments = [unknown, ...unknown[]];

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/** The names given to repeated texts, shared by the connections of one pool. */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #seenOnce = new Set<string>();
  readonly #maxNames: number;
  readonly #maxCandidates: number;

  constructor(limits: { maxNames?: number; maxCandidates?: number } = {}) {
    this.#maxNames = limits.maxNames ?? maxNames;
    this.#maxCandidates = limits.maxCandidates ?? maxCandidates;
  }

  /** The name of `text`, when it is to run as a named statement. */
  nameOf(text: string): string | undefined {
    const name = this.#names.get(text);
    if (name !== undefined) return name;
    if (this.#names.size >= this.#maxNames) return undefined;
    if (!this.#seenOnce.has(text)) {
      if (this.#seenOnce.size >= this.#maxCandidates) this.#seenOnce.clear();
      this.#seenOnce.add(text);
      return undefined;
    }
    this.#seenOnce.delete(text);
    const given = `coach_${this.#names.size + 1}`;
    this.#names.set(text, given);
    return given;
  }

  /** How many texts are named. */
  get size(): number {
    return this.#names.size;
  }
}

/** Whether a query with these arguments has parameters (its values, in the config or beside it). */
function hasParameters(config: QueryConfig, values: unknown): boolean {
  const given = config.values ?? values;
  return Array.isArray(given) && given.length > 0;
}

/**
 * Names the repeated statements of every connection `pool` opens (see the top of this file).
 * Answers the names, for tests.
 */
export function nameRepeatedStatements(pool: {
  on(event: 'connect', listener: (client: { query: unknown }) => void): unknown;
}): StatementNames {
  const names = new StatementNames();
  pool.on('connect', (client) => {
    const query = client.query as (...args: QueryArguments) => unknown;
    client.query = function namedQuery(this: unknown, ...args: QueryArguments) {
      const [config, values] = args;
      if (typeof config !== 'object' || config === null) return query.apply(this, args);
      const given = config as QueryConfig;
      if (
        typeof given.text !== 'string' ||
        given.name !== undefined ||
        given.submit !== undefined ||
        !hasParameters(given, values)
      ) {
        return query.apply(this, args);
      }
      const name = names.nameOf(given.text);
      if (name === undefined) return query.apply(this, args);
      // A copy: drizzle reuses its config object from call to call.
      return query.apply(this, [{ ...given, name }, ...args.slice(1)]);
    };
  });
  return names;
}
