export {
  countCharacters,
  TEXTAREA_DEFAULT_MAX_LENGTH,
  Textarea,
  type TextareaProps,
} from './Textarea.tsx';
