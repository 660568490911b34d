export {
  Field,
  type FieldControlProps,
  type FieldIds,
  type FieldProps,
  getFieldControlProps,
  joinIds,
  textControlStyle,
  useFieldIds,
} from './Field.tsx';
