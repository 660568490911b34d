import { Input } from '@chakra-ui/react';
import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoachUiProvider } from '../theme/CoachUiProvider.tsx';
import { Field, getFieldControlProps, joinIds, useFieldIds } from './Field.tsx';

describe('Field', () => {
  it('makes the ids from the given id, else a generated one', () => {
    expect(fieldIdsOf('birth')).toEqual({
      control: 'birth',
      label: 'birth-label',
      helper: 'birth-helper',
      error: 'birth-error',
    });
    const generated = fieldIdsOf(undefined);
    expect(generated.control).not.toBe('');
    expect(generated.error).toBe(`${generated.control}-error`);
  });

  it('joins the ids of the present descriptions only', () => {
    expect(joinIds('a', false, null, undefined, 'b')).toBe('a b');
    expect(joinIds(false, undefined)).toBeUndefined();
  });

  it('describes an invalid control by its error first, then its helper and extra texts', () => {
    const ids = fieldIdsOf('birth');
    expect(
      getFieldControlProps(ids, { hasError: true, hasHelper: true, isRequired: true }, 'counter'),
    ).toEqual({
      id: 'birth',
      'aria-invalid': true,
      'aria-describedby': 'birth-error birth-helper counter',
      'aria-errormessage': 'birth-error',
      'data-invalid': '',
      'data-required': '',
    });
    expect(getFieldControlProps(ids, { hasError: false, hasHelper: false })).toEqual({
      id: 'birth',
      'aria-invalid': undefined,
      'aria-describedby': undefined,
      'aria-errormessage': undefined,
      'data-invalid': undefined,
      'data-required': undefined,
    });
  });

  it('names the control by its label and announces the error, then the helper', () => {
    const ids = {
      control: 'birth',
      label: 'birth-label',
      helper: 'birth-helper',
      error: 'birth-error',
    };
    render(
      <CoachUiProvider>
        <Field
          ids={ids}
          label="Birth date"
          error="Birth date is in the future"
          helper="Not shown to clients"
        >
          <Input {...getFieldControlProps(ids, { hasError: true, hasHelper: true })} />
        </Field>
      </CoachUiProvider>,
    );
    const control = screen.getByRole('textbox', { name: 'Birth date' });
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription('Birth date is in the future Not shown to clients');
  });
});

function fieldIdsOf(id: string | undefined) {
  return renderHook(() => useFieldIds(id)).result.current;
}
