export { buttonSizes, buttonVariants } from './Button.styles.ts';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button.tsx';
