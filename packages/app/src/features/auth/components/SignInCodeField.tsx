import { TextField, type TextFieldProps } from '@coach/ui';
import { forwardRef, useId } from 'react';
import { LuMail } from 'react-icons/lu';
import { FormNotice } from '../../../core/forms/index.ts';
import { appClass } from '../../../styles/appClass.ts';
import type { signInStyles } from './signIn.styles.ts';

export type SignInCodeFieldProps = TextFieldProps & {
  /** Why the code is asked for, shown above the field and read with it. */
  notice: string;
};

/**
 * The mailed sign-in code, asked for once the account needs it: the server's notice, then the
 * field. The notice describes the field, so a screen reader reads it when focus lands there.
 */
export const SignInCodeField = forwardRef<HTMLInputElement, SignInCodeFieldProps>(
  function SignInCodeField({ notice, ...fieldProps }, ref) {
    const noticeId = useId();
    return (
      <div className={appClass<typeof signInStyles>('sign-in-code')}>
        <FormNotice id={noticeId} icon={LuMail} tone="info">
          {notice}
        </FormNotice>
        <TextField
          {...fieldProps}
          ref={ref}
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-describedby={noticeId}
        />
      </div>
    );
  },
);
