export {
  LoadingPlaceholder,
  type LoadingPlaceholderProps,
  type LoadingPlaceholderVariant,
} from './LoadingPlaceholder.tsx';
