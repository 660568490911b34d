export { TextField, type TextFieldProps, type TextInputProps } from './TextField.tsx';
