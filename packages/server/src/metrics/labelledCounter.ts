import { Counter, type Registry } from 'prom-client';

/**
 * A counter labelled by `label`, whose values come from the fixed set `values`: each series is
 * written at 0 from the start, so a scrape lists every value and a rate over one is defined
 * before its first event.
 */
export function createLabelledCounter<const Label extends string>(
  registry: Registry,
  options: { name: string; help: string; label: Label; values: readonly string[] },
): Counter<Label> {
  const { name, help, label, values } = options;
  const counter = new Counter({ name, help, labelNames: [label], registers: [registry] });
  for (const value of values) {
    counter.inc({ [label]: value } as Partial<Record<Label, string>>, 0);
  }
  return counter;
}
