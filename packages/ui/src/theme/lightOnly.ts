type TokenTree = { [key: string]: unknown };

/**
 * Chakra's semantic tokens with their light value only. Coach has no dark mode, and each token
 * with `{ _light, _dark }` values costs the system a conditional token and a second CSS variable
 * under `.dark`: about 100 tokens and a sixth of the global CSS, built and inserted before the
 * first paint of every page for nothing. The light values, hence the look, are unchanged.
 */
export function lightOnly<T>(tokens: T): T {
  return strip(tokens) as T;
}

function strip(node: unknown): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const { value } = node as { value?: unknown };
  if (typeof value === 'object' && value !== null && '_light' in value) {
    return { ...node, value: (value as { _light: unknown })._light };
  }
  return Object.fromEntries(
    Object.entries(node as TokenTree).map(([key, child]) => [key, strip(child)]),
  );
}
