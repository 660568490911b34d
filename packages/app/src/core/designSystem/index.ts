// Chakra's runtime for the components that need it, loaded with them (decision 83).
export { withDesignSystem } from './withDesignSystem.ts';
