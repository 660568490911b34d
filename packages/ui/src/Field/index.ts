export {
  Field,
  type FieldIds,
  type FieldProps,
  getFieldControlProps,
  joinIds,
  textControlStyle,
  useFieldIds,
} from './Field.tsx';
