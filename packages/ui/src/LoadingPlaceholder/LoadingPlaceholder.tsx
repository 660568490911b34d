import {
  Box,
  type BoxProps,
  Grid,
  HStack,
  Skeleton,
  type SkeletonProps,
  Stack,
  VisuallyHidden,
} from '@chakra-ui/react';
import { createContext, useContext } from 'react';

export type LoadingPlaceholderVariant = 'text' | 'block' | 'table' | 'screen';

export type LoadingPlaceholderProps = Omit<BoxProps, 'children'> & {
  /** The shape of what is loading. Default `text`. */
  variant?: LoadingPlaceholderVariant;
  /** Accessible name of the busy region. Default 'Loading'. */
  label?: string;
  /** Lines of the `text` variant (and of the `screen` content). Default 3. */
  lines?: number;
  /** Height of the `block` variant, a size token or rem. Default '8rem'. */
  blockHeight?: BoxProps['height'];
  /** Rows of the `table` variant, under its header row. Default 5. */
  rows?: number;
  /** Columns of the `table` variant. Default 4. */
  columns?: number;
  /** Tiles of the `screen` variant. Default 4. */
  tiles?: number;
  /**
   * A still backdrop, not a loading state (the signed-out layout's skeleton of the app): no
   * `status` region, nothing announced, no pulse. Default false.
   */
  decorative?: boolean;
};

/**
 * One grey bar. The pulse animation is switched off for reduced motion and in a decorative
 * placeholder; its resting frame (full opacity) is what snapshots see, so the shapes stay
 * meaningful without it.
 */
function Bone(props: SkeletonProps) {
  const still = useContext(StillBones);
  return (
    <Skeleton
      variant={still ? 'none' : 'pulse'}
      bg="bg.muted"
      borderRadius="sm"
      _motionReduce={{ animation: 'none' }}
      {...props}
    />
  );
}

/** Whether the bones below hold still: a pulse that never ends costs the page a repaint a frame. */
const StillBones = createContext(false);

/** 0..count-1: placeholders are positional and never reorder, so a position is a stable key. */
const range = (count: number) => Array.from({ length: Math.max(0, count) }, (_, index) => index);

// Fixed, not random, so that every render (and snapshot) is the same.
const lineWidths = ['100%', '92%', '96%', '85%', '90%'];

function TextBones({ lines }: { lines: number }) {
  return (
    <Stack gap="2.5">
      {range(Math.max(1, lines)).map((line) => (
        <Bone
          key={line}
          height="3"
          width={line === lines - 1 && lines > 1 ? '60%' : lineWidths[line % lineWidths.length]}
        />
      ))}
    </Stack>
  );
}

function TableBones({ rows, columns }: { rows: number; columns: number }) {
  const columnCount = Math.max(1, columns);
  const cells = (row: number, height: string) =>
    range(columnCount).map((column) => (
      <Bone
        key={column}
        height={height}
        width={column === 0 ? '80%' : lineWidths[(row + column) % lineWidths.length]}
      />
    ));
  return (
    <Box borderWidth="thin" borderColor="border" borderRadius="md" overflow="hidden">
      <Grid
        templateColumns={`repeat(${columnCount}, minmax(0, 1fr))`}
        gap="4"
        padding="3"
        bg="bg.subtle"
      >
        {cells(-1, '3')}
      </Grid>
      {range(rows).map((row) => (
        <Grid
          key={row}
          templateColumns={`repeat(${columnCount}, minmax(0, 1fr))`}
          gap="4"
          padding="3"
          borderTopWidth="thin"
          borderColor="border"
        >
          {cells(row, '4')}
        </Grid>
      ))}
    </Box>
  );
}

function ScreenBones({ tiles, lines }: { tiles: number; lines: number }) {
  return (
    <Stack gap="6">
      <HStack justify="space-between" gap="4">
        <Stack gap="2" flex="1">
          <Bone height="3" width="30%" />
          <Bone height="7" width="45%" />
        </Stack>
        <Bone height="9" width="24" borderRadius="md" />
      </HStack>
      <Grid templateColumns="repeat(auto-fit, minmax(min(10rem, 100%), 1fr))" gap="4">
        {range(tiles).map((tile) => (
          <Stack
            key={tile}
            gap="3"
            padding="4"
            borderWidth="thin"
            borderColor="border"
            borderRadius="lg"
          >
            <Bone height="3" width="60%" />
            <Bone height="6" width="40%" />
          </Stack>
        ))}
      </Grid>
      <TableBones rows={4} columns={4} />
      <TextBones lines={lines} />
    </Stack>
  );
}

/**
 * Skeletons for a loading state, shaped like what will come: lines of text, a block, a table or a
 * whole screen. It is a `status` region, busy and named by `label`; a `decorative` one is a still
 * shape hidden from assistive technology.
 */
export function LoadingPlaceholder({
  variant = 'text',
  label = 'Loading',
  lines = 3,
  blockHeight = '8rem',
  rows = 5,
  columns = 4,
  tiles = 4,
  decorative = false,
  ...rest
}: LoadingPlaceholderProps) {
  const bones = (
    <StillBones.Provider value={decorative}>
      {variant === 'text' && <TextBones lines={lines} />}
      {variant === 'block' && <Bone height={blockHeight} width="full" borderRadius="md" />}
      {variant === 'table' && <TableBones rows={rows} columns={columns} />}
      {variant === 'screen' && <ScreenBones tiles={tiles} lines={lines} />}
    </StillBones.Provider>
  );
  if (decorative) {
    return (
      <Box aria-hidden data-variant={variant} {...rest}>
        {bones}
      </Box>
    );
  }
  return (
    <Box role="status" aria-busy="true" aria-label={label} data-variant={variant} {...rest}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {bones}
    </Box>
  );
}
