import { Kbd } from '@chakra-ui/react';
import { TextField } from '@coach/ui';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type SearchFieldProps = {
  /** The search in the URL. */
  value: string;
  onChange: (value: string) => void;
  inputRef: Ref<HTMLInputElement>;
};

/**
 * The search box. It keeps its own text: the router applies URL changes in a transition, so an
 * input bound straight to the URL would drop keystrokes typed before the last one lands. A URL
 * value it did not type (a clear, Back) replaces the text.
 */
export function SearchField({ value, onChange, inputRef }: SearchFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // Values typed here and not yet seen back from the URL, oldest first.
  const sentRef = useRef<string[]>([]);
  useEffect(() => {
    const sent = sentRef.current;
    const index = sent.indexOf(value);
    if (index >= 0) {
      sent.splice(0, index + 1);
      return;
    }
    sentRef.current = [];
    setText(value);
  }, [value]);
  return (
    <TextField
      ref={inputRef}
      type="search"
      label={t('clients.search')}
      placeholder={t('clients.searchPlaceholder')}
      value={text}
      onChange={(event) => {
        sentRef.current.push(event.target.value);
        setText(event.target.value);
        onChange(event.target.value);
      }}
      aria-keyshortcuts="/"
      title={t('clients.searchShortcut')}
      endElement={<Kbd aria-hidden>/</Kbd>}
    />
  );
}
