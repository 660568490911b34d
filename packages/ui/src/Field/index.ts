export {
  Field,
  type FieldControlProps,
  type FieldIds,
  type FieldProps,
  getFieldControlProps,
  joinIds,
  type TextControlNativeProps,
  textControlStyle,
  useFieldIds,
} from './Field.tsx';
