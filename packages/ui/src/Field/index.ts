export {
  Field,
  type FieldIds,
  type FieldProps,
  getFieldControlProps,
  joinIds,
  useFieldIds,
} from './Field.tsx';
