import { type CSSProperties, createContext, useContext } from 'react';
import { staticClass } from '../theme/staticStyles.ts';
import { sizeValue, spacingValue } from '../theme/tokenValues.ts';
import type { loadingPlaceholderStyles } from './LoadingPlaceholder.styles.ts';

export type LoadingPlaceholderVariant = 'text' | 'block' | 'table' | 'screen';

export type LoadingPlaceholderProps = {
  /** The shape of what is loading. Default `text`. */
  variant?: LoadingPlaceholderVariant;
  /** Accessible name of the busy region. Default 'Loading'. */
  label?: string;
  /** Lines of the `text` variant (and of the `screen` content). Default 3. */
  lines?: number;
  /** Height of the `block` variant, a size token or a CSS length. Default '8rem'. */
  blockHeight?: string;
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
  /** Space around the shapes, a token of the spacing scale (`10`). */
  padding?: string;
  /** The widest the shapes grow, a CSS length (`40rem`). */
  maxWidth?: string;
  /** The height the placeholder takes whatever its shapes, a CSS length: what will come's. */
  height?: string;
};

const cls = staticClass<typeof loadingPlaceholderStyles>;

type BoneProps = { height: string; width: string; isRounded?: boolean };

/**
 * One grey bar (Chakra's skeleton recipe). The pulse animation is switched off for reduced motion and in a decorative
 * placeholder; its resting frame (full opacity) is what snapshots see, so the shapes stay
 * meaningful without it.
 */
function Bone({ height, width, isRounded = false }: BoneProps) {
  const still = useContext(StillBones);
  return (
    <div
      className={`chakra-skeleton ${cls(still ? 'placeholder-bone-still' : 'placeholder-bone')}`}
      style={{
        height: sizeValue(height),
        width: sizeValue(width),
        borderRadius: isRounded ? 'var(--chakra-radii-md)' : undefined,
      }}
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
    <div className={cls('placeholder-lines')}>
      {range(Math.max(1, lines)).map((line) => (
        <Bone
          key={line}
          height="3"
          width={
            line === lines - 1 && lines > 1
              ? '60%'
              : (lineWidths[line % lineWidths.length] ?? '100%')
          }
        />
      ))}
    </div>
  );
}

function TableBones({ rows, columns }: { rows: number; columns: number }) {
  const columnCount = Math.max(1, columns);
  const gridTemplateColumns = `repeat(${columnCount}, minmax(0, 1fr))`;
  const cells = (row: number, height: string) =>
    range(columnCount).map((column) => (
      <Bone
        key={column}
        height={height}
        width={column === 0 ? '80%' : (lineWidths[(row + column) % lineWidths.length] ?? '100%')}
      />
    ));
  return (
    <div className={cls('placeholder-table')}>
      <div className={cls('placeholder-table-head')} style={{ gridTemplateColumns }}>
        {cells(-1, '3')}
      </div>
      {range(rows).map((row) => (
        <div key={row} className={cls('placeholder-table-row')} style={{ gridTemplateColumns }}>
          {cells(row, '4')}
        </div>
      ))}
    </div>
  );
}

function ScreenBones({ tiles, lines }: { tiles: number; lines: number }) {
  return (
    <div className={cls('placeholder-screen')}>
      <div className={cls('placeholder-screen-head')}>
        <div className={cls('placeholder-screen-title')}>
          <Bone height="3" width="30%" />
          <Bone height="7" width="45%" />
        </div>
        <Bone height="9" width="24" isRounded />
      </div>
      <div className={cls('placeholder-tiles')}>
        {range(tiles).map((tile) => (
          <div key={tile} className={cls('placeholder-tile')}>
            <Bone height="3" width="60%" />
            <Bone height="6" width="40%" />
          </div>
        ))}
      </div>
      <TableBones rows={4} columns={4} />
      <TextBones lines={lines} />
    </div>
  );
}

/**
 * Skeletons for a loading state, shaped like what will come: lines of text, a block, a table or a
 * whole screen. It is a `status` region, busy and named by `label`; a `decorative` one is a still
 * shape hidden from assistive technology. Its look is made ahead of time
 * (LoadingPlaceholder.styles.ts): it needs no Chakra provider.
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
  padding,
  maxWidth,
  height,
}: LoadingPlaceholderProps) {
  const bones = (
    <StillBones.Provider value={decorative}>
      {variant === 'text' && <TextBones lines={lines} />}
      {variant === 'block' && <Bone height={blockHeight} width="full" isRounded />}
      {variant === 'table' && <TableBones rows={rows} columns={columns} />}
      {variant === 'screen' && <ScreenBones tiles={tiles} lines={lines} />}
    </StillBones.Provider>
  );
  const style: CSSProperties | undefined =
    padding === undefined && maxWidth === undefined && height === undefined
      ? undefined
      : { padding: padding === undefined ? undefined : spacingValue(padding), maxWidth, height };
  if (decorative) {
    return (
      <div aria-hidden data-variant={variant} style={style}>
        {bones}
      </div>
    );
  }
  return (
    <div role="status" aria-busy="true" aria-label={label} data-variant={variant} style={style}>
      <span className={cls('placeholder-label')}>{label}</span>
      {bones}
    </div>
  );
}
