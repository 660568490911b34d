// The SQL expressions the bulk loader's statements are built from: values hashed from (seed,
// key, purpose), so a load is reproducible, and the staging table's columns (c.*) and day
// series (g.i, d.d) as the statements name them. Constants and numbers only: never input.

/** A text array literal of constants of the loader (never input). */
export function textArray(values: readonly (string | number)[]): string {
  return `array[${values.map((value) => `'${String(value).replaceAll("'", "''")}'`).join(', ')}]`;
}

/** A uniform number in [0, 1) hashed from an integer SQL expression and the seed. */
export function unit(key: string, salt: number, seed: number): string {
  return `((hashint8(((${key}) * 256 + ${salt}) # ${seed * 2_654_435_761}::bigint) & 1048575)::float8 / 1048576.0)`;
}

/** An integer in [0, n) hashed like {@link unit}. */
export function below(n: string | number, key: string, salt: number, seed: number): string {
  return `floor(${unit(key, salt, seed)} * (${n}))::int`;
}

/** Picks one of `values` by hash. */
export function pick(
  values: readonly (string | number)[],
  key: string,
  salt: number,
  seed: number,
) {
  return `(${textArray(values)})[1 + ${below(values.length, key, salt, seed)}]`;
}

/** The staging table's client index as a hash key. */
export const ci = 'c.ci::bigint';

/** A hash key of a client's day (g.i: the day's index, see {@link daysFrom}). */
export const dayKey = `(${ci} * 4096 + g.i)`;

/** The journey step a client is in on day d.d. */
export const stepOf = `case when c.grow_start <= d.d then 'grow' when c.sense_start <= d.d then 'sense'
      else 'learn' end`;

/** The client's days from `first` (days before today) to today: g.i is the day's index. */
export function daysFrom(first: number): string {
  return `generate_series(
        greatest(0, c.today - c.start_date - ${first}), c.today - c.start_date) as g(i)
      cross join lateral (select c.start_date + g.i as d) as d`;
}

/** A client's acceptance: 07:00 of their first day in their zone, never after now. */
export function clientCreatedAt(nowSql: string): string {
  return `least(${nowSql}, (c.start_date + time '07:00') at time zone c.tz)`;
}

/** The start of usage session `k` (0: morning, 1: evening) of day d.d. */
export function sessionStart(k: number, seed: number): string {
  return `((d.d + time '${k === 0 ? '08:00' : '19:00'}') at time zone c.tz + ${below(60, dayKey, 20 + k, seed)} * interval '1 minute')`;
}

/** The length of usage session `k` in seconds: 5 to 50 minutes. */
export function sessionSeconds(k: number, seed: number): string {
  return `(300 + ${below(2700, dayKey, 22 + k, seed)})`;
}

/** The end of usage session `k`. */
export function sessionEnd(k: number, seed: number): string {
  return `(${sessionStart(k, seed)} + ${sessionSeconds(k, seed)} * interval '1 second')`;
}

/** A client's own level of the wellbeing indicators, 45 to 90. */
export function clientBias(salt: number, seed: number): string {
  return `(45 + ${unit(ci, salt, seed)} * 45)`;
}
