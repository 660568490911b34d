import { Box, type StackProps, Text, VStack } from '@chakra-ui/react';
import { useId } from 'react';
import { getMeterState } from './meterState.ts';

export type MeterSize = 'sm' | 'md' | 'lg';

export type MeterProps = Omit<StackProps, 'children'> & {
  /** The value, 0..`max` (clamped). `null` or `undefined` shows the empty state. */
  value: number | null | undefined;
  /** The value of a full bar when it is not a percentage (e.g. 10 engagement hours). Default 100. */
  max?: number;
  /** Values under it are lagging: a marker is drawn at it and the bar turns the lagging colour. */
  threshold?: number;
  /** Accessible name of the meter (e.g. 'Productivity'). */
  label: string;
  /** Shows `label` above the bar; otherwise it only names the meter for assistive tech. */
  isLabelVisible?: boolean;
  /** Text beside the bar (e.g. '72%', '6.5 h'). Defaults to the percentage of `max`. */
  valueText?: string;
  /** Added to the accessible value when lagging (e.g. 'Lagging'), since colour alone says nothing. */
  laggingText?: string;
  /** Shown instead of a value in the empty state. Default '—'. */
  emptyText?: string;
  /** Height of the bar and size of its text. Default `md`. */
  size?: MeterSize;
};

const sizes: Record<MeterSize, { track: string; textStyle: string }> = {
  sm: { track: '1.5', textStyle: 'xs' },
  md: { track: '2', textStyle: 'sm' },
  lg: { track: '3', textStyle: 'md' },
};

const formatPercent = (percent: number) => `${Math.round(percent * 10) / 10}%`;

/**
 * A horizontal bar for a value out of a maximum, with an optional threshold marker: under the
 * threshold the bar takes the `lagging` colour, otherwise the `accent` colour. Exposed as an ARIA
 * `meter` (a labelled `group` in the empty state, which has no value).
 */
export function Meter({
  value,
  max = 100,
  threshold,
  label,
  isLabelVisible = false,
  valueText,
  laggingText,
  emptyText = '—',
  size = 'md',
  ...rest
}: MeterProps) {
  const labelId = useId();
  const state = getMeterState({ value, max, threshold });
  const { track, textStyle } = sizes[size];
  const shownText = state.isEmpty ? emptyText : (valueText ?? formatPercent(state.percent));
  const accessibleText =
    state.isLagging && laggingText ? `${shownText}, ${laggingText}` : shownText;
  const naming = isLabelVisible ? { 'aria-labelledby': labelId } : { 'aria-label': label };

  const bar = (
    <Box position="relative" flex="1" minWidth="8" height={track}>
      <Box data-part="track" height="full" bg="bg.muted" rounded="full" overflow="hidden">
        {!state.isEmpty && (
          <Box
            data-part="fill"
            height="full"
            width={`${state.percent}%`}
            bg={state.isLagging ? 'lagging' : 'accent'}
            rounded="full"
          />
        )}
      </Box>
      {state.thresholdPercent !== null && (
        <Box
          data-part="marker"
          position="absolute"
          top="-1"
          bottom="-1"
          left={`${state.thresholdPercent}%`}
          width="0.5"
          transform="translateX(-50%)"
          bg="fg"
          rounded="full"
        />
      )}
    </Box>
  );

  return (
    <VStack align="stretch" gap="1" data-lagging={state.isLagging || undefined} {...rest}>
      {isLabelVisible && (
        <Text id={labelId} textStyle={textStyle} color="fg.muted">
          {label}
        </Text>
      )}
      <Box
        display="flex"
        alignItems="center"
        gap="3"
        {...naming}
        {...(state.isEmpty
          ? { role: 'group' }
          : {
              role: 'meter',
              'aria-valuenow': state.value ?? undefined,
              'aria-valuemin': 0,
              'aria-valuemax': state.max,
              'aria-valuetext': accessibleText,
            })}
      >
        {bar}
        <Text
          data-part="value-text"
          aria-hidden={state.isEmpty ? undefined : true}
          textStyle={textStyle}
          minWidth="12"
          textAlign="end"
          fontVariantNumeric="tabular-nums"
          fontWeight="medium"
          color={state.isEmpty ? 'fg.subtle' : state.isLagging ? 'lagging.fg' : 'fg'}
          whiteSpace="nowrap"
        >
          {shownText}
        </Text>
      </Box>
    </VStack>
  );
}
