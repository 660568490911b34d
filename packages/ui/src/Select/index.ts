export {
  type MultipleSelectProps,
  Select,
  type SelectItem,
  type SelectProps,
  type SingleSelectProps,
} from './Select.tsx';
