import {
  ChakraProvider,
  chakra,
  type SystemStyleObject,
  useRecipe,
  useSlotRecipe,
} from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staticCssOf } from './staticCssOf.ts';
import type { StaticStyle } from './staticStyles.ts';
import { coachSystem } from './system.ts';

/** A Chakra element styled at run time as `style` says: its recipe's styles, then its css. */
function RunTimeElement({ style }: { style: StaticStyle }) {
  const recipe = style.recipe ?? { key: 'button' };
  // Hooks in a fixed order: the one not asked for reads a recipe the system has, unused.
  const plain = useRecipe({ key: recipe.slot === undefined ? recipe.key : 'button' });
  const slots = useSlotRecipe({ key: recipe.slot === undefined ? 'table' : recipe.key });
  const variants = recipe.variants ?? {};
  const recipeStyles = recipe.slot === undefined ? plain(variants) : slots(variants)[recipe.slot];
  const css = ([] as SystemStyleObject[]).concat(style.css ?? []);
  return <chakra.div data-testid="element" css={[recipeStyles, ...css]} />;
}

/** The rules emotion inserted for a class, with the class renamed. */
function insertedRules(className: string, renamed: string): string {
  return [...document.querySelectorAll('style[data-emotion="css"]')]
    .map((element) => element.textContent ?? '')
    .filter((text) => text.includes(`.${className}`))
    .join('')
    .replaceAll(`.${className}`, `.${renamed}`);
}

describe('static CSS', () => {
  const styles = {
    plain: {
      recipe: { key: 'button', variants: { variant: 'outline', size: 'sm' } },
      css: { colorPalette: 'brand', _hover: { bg: 'red.700' }, paddingInline: 0 },
    },
    slot: {
      recipe: { key: 'table', slot: 'cell', variants: { variant: 'line', size: 'md' } },
      css: [{ textAlign: 'end' }, { _focusVisible: { outlineColor: 'accent' } }],
    },
  } satisfies Record<string, StaticStyle>;

  for (const [name, style] of Object.entries(styles)) {
    it(`is the CSS Chakra inserts at run time for the same styles (${name} recipe)`, () => {
      const { getByTestId, unmount } = render(
        <ChakraProvider value={coachSystem}>
          <RunTimeElement style={style} />
        </ChakraProvider>,
      );
      const className = [...getByTestId('element').classList].find((c) => c.startsWith('css-'));
      expect(className).toBeDefined();
      const atRunTime = insertedRules(className ?? '', `coach-${name}`);
      unmount();
      expect(atRunTime).toContain(`.coach-${name}`);
      expect(staticCssOf(coachSystem, { [name]: style }, 'coach-')).toBe(atRunTime);
    });
  }

  it("splits a recipe into its base and variants, each styled as the recipe's", () => {
    const parts = staticCssOf(
      coachSystem,
      {
        base: { recipe: { key: 'button', only: 'base' } },
        size: {
          recipe: { key: 'button', variants: { size: 'lg', variant: 'ghost' }, only: 'size' },
        },
      },
      'coach-',
    );
    // The base holds no size and the size part holds no base style.
    expect(parts).toMatch(/\.coach-base\{[^}]*cursor:var\(--chakra-cursor-button\)/);
    expect(parts).not.toMatch(/\.coach-base\{[^}]*height:var\(--chakra-sizes-11\)/);
    expect(parts).toMatch(/\.coach-size\{height:var\(--chakra-sizes-11\)/);
    expect(parts).not.toMatch(/\.coach-size\{[^}]*cursor:var\(--chakra-cursor-button\)/);
    // The variant not asked for is not in the size part.
    expect(parts).not.toContain('color-palette-subtle');
  });

  it('refuses a recipe or slot the system does not have', () => {
    expect(() => staticCssOf(coachSystem, { x: { recipe: { key: 'nothing' } } }, 'c-')).toThrow(
      'The system has no recipe nothing',
    );
    expect(() =>
      staticCssOf(coachSystem, { x: { recipe: { key: 'table', slot: 'nothing' } } }, 'c-'),
    ).toThrow('The slot recipe table has no slot nothing');
  });
});
