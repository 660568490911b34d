import { Counter, Gauge, type Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/index.ts';
import { createCountedHistogram } from './countedHistogram.ts';

/** Statement durations in seconds: from an index lookup (a millisecond) to a heavy report. */
const statementBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The database's metrics: its statements by name and, on a PostgreSQL server, its pool. */
export function databaseMetrics(registry: Registry) {
  return {
    /**
     * Times the database's statements by name ('select persons': see statementWatch.ts) and, on a
     * PostgreSQL server, reports its connection pool (read at each scrape).
     */
    watchDatabase(database: DatabaseHandle) {
      const statementDuration = createCountedHistogram({
        name: 'coach_db_statement_duration_seconds',
        help: "Database statements run, by name (the verb and the first table: 'select persons', 'insert metric_samples', 'commit'), and how long each took",
        labelNames: ['statement'],
        buckets: statementBuckets,
        registry,
      });
      const statementErrors = new Counter({
        name: 'coach_db_statement_errors_total',
        help: 'Database statements that failed (a conflict, a lost connection, a statement cut off), by name',
        labelNames: ['statement'] as const,
        registers: [registry],
      });
      database.statements.observe((statement) => {
        const started = performance.now();
        return (failed) => {
          statementDuration.observe((performance.now() - started) / 1000, statement);
          if (failed) statementErrors.inc({ statement });
        };
      });
      const poolUse = database.poolUse;
      if (poolUse) watchPool(registry, poolUse);
    },
  };
}

/** The PostgreSQL pool's connections and waiting callers (read at each scrape). */
function watchPool(registry: Registry, poolUse: NonNullable<DatabaseHandle['poolUse']>) {
  const registers = [registry];
  new Gauge({
    name: 'coach_db_pool_connections',
    help: "The PostgreSQL pool's connections, by state (busy, idle)",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = poolUse();
      this.set({ state: 'busy' }, use.open - use.idle);
      this.set({ state: 'idle' }, use.idle);
    },
  });
  new Gauge({
    name: 'coach_db_pool_waiting',
    help: 'Callers waiting for a PostgreSQL connection: the pool is too small, or statements too slow',
    registers,
    collect() {
      this.set(poolUse().waiting);
    },
  });
  new Gauge({
    name: 'coach_db_pool_max_connections',
    help: 'The most connections the PostgreSQL pool opens',
    registers,
    collect() {
      this.set(poolUse().max);
    },
  });
}
