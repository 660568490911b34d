/**
 * A size as Chakra reads a `width` or `height` prop: a token of the `sizes` scale (`3`, `2.5`,
 * `full`) as its CSS variable, anything else (`60%`, `8rem`) as it is.
 */
export function sizeValue(value: string): string {
  return /^(\d+(\.\d+)?|full)$/.test(value)
    ? `var(--chakra-sizes-${value.replace('.', '\\.')})`
    : value;
}

/** A token of the `spacing` scale (`4`, `2.5`) as its CSS variable, as Chakra reads `padding`. */
export function spacingValue(value: string): string {
  return `var(--chakra-spacing-${value.replace('.', '\\.')})`;
}
