import { Stack } from '@chakra-ui/react';
import { TextField, type TextFieldProps } from '@coach/ui';
import { forwardRef, useId } from 'react';
import { LuMail } from 'react-icons/lu';
import { FormNotice } from '../../../forms/FormNotice.tsx';

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
      <Stack gap="3">
        <FormNotice id={noticeId} icon={LuMail} bg="accent.subtle" color="fg">
          {notice}
        </FormNotice>
        <TextField
          {...fieldProps}
          ref={ref}
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-describedby={noticeId}
        />
      </Stack>
    );
  },
);
