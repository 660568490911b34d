import { LuCircleAlert } from 'react-icons/lu';
import { FormNotice } from './FormNotice.tsx';

export type FormAlertProps = {
  children: string;
};

/** A form-level error (e.g. 'Wrong email or password'), announced when it appears. */
export function FormAlert({ children }: FormAlertProps) {
  return (
    <FormNotice role="alert" icon={LuCircleAlert} tone="alert">
      {children}
    </FormNotice>
  );
}
