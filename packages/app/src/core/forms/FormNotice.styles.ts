import type { SystemStyleObject } from '@chakra-ui/react';
import { defineStaticStyles } from '@coach/ui/static-css';

const notice: SystemStyleObject = {
  display: 'flex',
  alignItems: 'flex-start',
  flexDirection: 'row',
  gap: '2',
  padding: '3',
  borderRadius: 'md',
};

/** A form's note in its two tones: information (the code was mailed) and an error. */
export const formNoticeStyles = defineStaticStyles({
  'notice-info': { css: { ...notice, bg: 'accent.subtle', color: 'fg' } },
  'notice-alert': {
    css: { ...notice, bg: 'error.subtle', color: 'error.fg', fontWeight: 'medium' },
  },
});
