// The raw colours apart from the system, so tools that only need the brand's colours (the
// Storybook manager's theme) read them without Chakra.

/**
 * Raw palette of the Coach theme. Components never use these directly: they use the semantic
 * tokens below (`fg`, `bg`, `border`, `accent`, `success`, `error`, `warning`, `lagging`).
 */
export const palette = {
  brand: {
    50: '#ecf8f6',
    100: '#cdeee8',
    200: '#9fded3',
    300: '#66c7b8',
    400: '#34a896',
    500: '#1b8a7a',
    600: '#137063',
    700: '#115a50',
    800: '#0f4841',
    900: '#0c3a35',
  },
  ink: {
    50: '#f6f7f9',
    100: '#eceef2',
    200: '#d5d9e1',
    300: '#b1b8c5',
    400: '#8690a2',
    500: '#5f6a7e',
    600: '#4a5466',
    700: '#3a4252',
    800: '#262c38',
    900: '#161a22',
  },
  success: { 100: '#dcf3e4', 600: '#1e7a44', 700: '#176237' },
  error: { 100: '#fbe2e2', 500: '#d93838', 600: '#b42323', 700: '#8f1c1c' },
  warning: { 100: '#fdf0d5', 500: '#d98a06', 700: '#8a5300' },
  lagging: { 100: '#fde8dc', 500: '#e0641d', 700: '#a3420b' },
} as const;
