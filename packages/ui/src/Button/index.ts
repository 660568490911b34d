export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button.tsx';
export { buttonSizes } from './Button.styles.ts';
