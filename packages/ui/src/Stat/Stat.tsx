import {
  Stat as ChakraStat,
  Icon,
  SimpleGrid,
  type SimpleGridProps,
  Skeleton,
  type StatRootProps,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuTrendingDown } from 'react-icons/lu';

export type StatSize = 'sm' | 'md' | 'lg';

export type StatProps = Omit<StatRootProps, 'children' | 'size'> & {
  /** What the figure is (e.g. 'Engagement (48h)'). */
  label: ReactNode;
  /** The figure. `null` or `undefined` shows `emptyText`. */
  value: ReactNode;
  /** Unit after the value (e.g. 'h', '%'). */
  unit?: ReactNode;
  /** A line of context under the value (e.g. '12 of 14 scheduled'). */
  helpText?: ReactNode;
  /** Shows the value in the lagging colour with an icon and `laggingText` for assistive tech. */
  isLagging?: boolean;
  /** Says the figure is lagging to assistive tech. Default 'Lagging'. */
  laggingText?: string;
  /** Shows a skeleton in place of the value. */
  isLoading?: boolean;
  /** Read out while loading. Default 'Loading'. */
  loadingText?: string;
  /** Shown when there is no value. Default '—'. */
  emptyText?: string;
  /** Size of the value text. Default `md`. */
  size?: StatSize;
};

const hasValue = (value: ReactNode) => value !== null && value !== undefined && value !== '';

/** A figure tile: a label, a value with an optional unit and help text, a lagging state. */
export function Stat({
  label,
  value,
  unit,
  helpText,
  isLagging = false,
  laggingText = 'Lagging',
  isLoading = false,
  loadingText = 'Loading',
  emptyText = '—',
  size = 'md',
  ...rest
}: StatProps) {
  const isEmpty = !hasValue(value);
  const valueColour = isLagging && !isEmpty ? 'lagging.fg' : isEmpty ? 'fg.subtle' : 'fg';
  return (
    <ChakraStat.Root
      size={size}
      aria-busy={isLoading || undefined}
      data-lagging={(isLagging && !isLoading) || undefined}
      borderWidth="thin"
      borderColor={isLagging && !isLoading ? 'lagging' : 'border'}
      borderRadius="lg"
      bg="bg"
      padding="4"
      minWidth="0"
      {...rest}
    >
      <ChakraStat.Label overflowWrap="anywhere">{label}</ChakraStat.Label>
      {isLoading ? (
        <ChakraStat.ValueText>
          <Skeleton
            variant="pulse"
            bg="bg.muted"
            height="1.2em"
            width="6em"
            _motionReduce={{ animation: 'none' }}
          />
          <VisuallyHidden>{loadingText}</VisuallyHidden>
        </ChakraStat.ValueText>
      ) : (
        <ChakraStat.ValueText color={valueColour} alignItems="center" flexWrap="wrap">
          {isEmpty ? emptyText : value}
          {unit && !isEmpty && <ChakraStat.ValueUnit>{unit}</ChakraStat.ValueUnit>}
          {isLagging && !isEmpty && (
            <>
              <Icon as={LuTrendingDown} aria-hidden boxSize="0.8em" color="lagging.fg" />
              <VisuallyHidden>{laggingText}</VisuallyHidden>
            </>
          )}
        </ChakraStat.ValueText>
      )}
      {helpText && !isLoading && (
        <ChakraStat.HelpText as="dd" overflowWrap="anywhere">
          {helpText}
        </ChakraStat.HelpText>
      )}
    </ChakraStat.Root>
  );
}

export type StatGroupProps = Omit<SimpleGridProps, 'minChildWidth'> & {
  /** Names the group for assistive tech (e.g. 'Client figures'). */
  label?: string;
  /** The narrowest a tile gets before the row wraps. Default '10rem'. */
  minTileWidth?: string;
};

/** Lays Stat tiles out in a row that wraps to fit the width it is given. */
export function StatGroup({ label, minTileWidth = '10rem', children, ...rest }: StatGroupProps) {
  return (
    <SimpleGrid
      role={label ? 'group' : undefined}
      aria-label={label}
      minChildWidth={`min(${minTileWidth}, 100%)`}
      gap="4"
      {...rest}
    >
      {children}
    </SimpleGrid>
  );
}
