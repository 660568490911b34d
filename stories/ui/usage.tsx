import { palette } from '@coach/ui';
import { useOf } from '@storybook/addon-docs/blocks';
import type { ReactNode } from 'react';

// The blocks of a ui component's usage page (stories/ui/<Component>.mdx): its status badge and
// its do and don't panels. A Docs page is Storybook's own React tree, outside the stories'
// Chakra provider: plain elements with the palette's colours, no Chakra component.

/**
 * What each status means, written once: the status itself is a tag on the component's stories
 * (`status:stable` in the meta's `tags`), data that the sidebar's tag filter reads too.
 */
export const componentStatuses = {
  stable: {
    label: 'Stable',
    meaning: 'In use in the app; its props change only with every caller.',
    colours: { fg: palette.success[700], bg: palette.success[100] },
  },
  new: {
    label: 'New',
    meaning: 'Added with its first feature; its props may still change as a second one uses it.',
    colours: { fg: palette.brand[700], bg: palette.brand[50] },
  },
  deprecated: {
    label: 'Deprecated',
    meaning: 'Not for new screens: use the alternative its page names.',
    colours: { fg: palette.warning[700], bg: palette.warning[100] },
  },
} as const;

export type ComponentStatus = keyof typeof componentStatuses;

const statusTag = /^status:(.+)$/;

/** The status tag among a meta's tags; an error when there is none or more than one. */
export function statusOf(tags: readonly string[]): ComponentStatus {
  const found = tags.flatMap((tag) => statusTag.exec(tag)?.[1] ?? []);
  const [status] = found;
  if (found.length !== 1 || status === undefined || !Object.hasOwn(componentStatuses, status)) {
    throw new Error(
      `A ui component's stories need one status tag (${Object.keys(componentStatuses)
        .map((name) => `status:${name}`)
        .join(', ')}); found ${found.length === 0 ? 'none' : found.join(', ')}`,
    );
  }
  return status as ComponentStatus;
}

/** The status of the page's component, from its stories' tags, as a badge with its meaning. */
export function StatusBadge() {
  const resolved = useOf('meta', ['meta']);
  const status = componentStatuses[statusOf(resolved.preparedMeta.tags)];
  return (
    <p style={{ display: 'flex', alignItems: 'baseline', gap: '0.75rem', flexWrap: 'wrap' }}>
      <span
        data-status={status.label}
        style={{
          color: status.colours.fg,
          background: status.colours.bg,
          border: `1px solid ${status.colours.fg}`,
          borderRadius: '999px',
          padding: '0.125rem 0.625rem',
          fontSize: '0.8125rem',
          fontWeight: 600,
        }}
      >
        Status: {status.label}
      </span>
      <span style={{ color: palette.ink[600], fontSize: '0.875rem' }}>{status.meaning}</span>
    </p>
  );
}

const verdicts = {
  do: { label: 'Do', colour: palette.success[700], bg: palette.success[100] },
  dont: { label: 'Don’t', colour: palette.error[700], bg: palette.error[100] },
} as const;

type ExampleProps = {
  /** What to do (or not) and why, in Markdown, then the live example: `<Canvas of={...} />`. */
  children: ReactNode;
};

function Example({ verdict, children }: ExampleProps & { verdict: keyof typeof verdicts }) {
  const { label, colour, bg } = verdicts[verdict];
  return (
    <section
      aria-label={label}
      style={{ borderTop: `4px solid ${colour}`, marginBlock: '1.5rem', paddingTop: '0.75rem' }}
    >
      <strong
        style={{
          color: colour,
          background: bg,
          borderRadius: '4px',
          padding: '0.125rem 0.5rem',
          fontSize: '0.875rem',
        }}
      >
        {label}
      </strong>
      {children}
    </section>
  );
}

/**
 * The do and don't examples of a section side by side where the column has room for two (a
 * designer compares them at a glance), one under the other where it has not, or always when
 * `stacked` (a table that needs the column's whole width to show what it shows).
 */
export function Examples({
  stacked = false,
  children,
}: {
  stacked?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: stacked
          ? 'minmax(0, 1fr)'
          : 'repeat(auto-fit, minmax(min(24rem, 100%), 1fr))',
        columnGap: '2rem',
        alignItems: 'start',
      }}
    >
      {children}
    </div>
  );
}

/** A live example of the right use, with what it shows. */
export const Do = (props: ExampleProps) => <Example verdict="do" {...props} />;

/** A live example of a use to avoid, with what goes wrong and what to do instead. */
export const Dont = (props: ExampleProps) => <Example verdict="dont" {...props} />;
