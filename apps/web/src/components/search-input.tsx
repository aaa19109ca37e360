import { useEffect, useRef, useState } from 'react';
import { Input, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { searchMinLength } from '@pharma/contracts';

const debounceMs = 400;

/**
 * Search of a list (spec §5: at least 4 characters). Fewer characters show the hint and send nothing;
 * an empty box clears the search. "/" focuses it from anywhere on the page.
 */
export function SearchInput({ value, onSearch, label }: { value: string | undefined; onSearch: (q: string | undefined) => void; label: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const ref = useRef<InputRef>(null);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  // what this box last searched for: that search coming back as `value` (through the URL) is not a change
  // from outside, and what was typed meanwhile stays
  const sent = useRef(value);
  useEffect(() => {
    if ((value ?? '') === (sent.current ?? '')) return;
    sent.current = value;
    setText(value ?? '');
  }, [value]);
  const search = (q: string | undefined) => {
    sent.current = q;
    onSearchRef.current(q);
  };

  const trimmed = text.trim();
  const tooShort = trimmed.length > 0 && trimmed.length < searchMinLength;

  useEffect(() => {
    if (tooShort || trimmed === (value ?? '')) return;
    const timer = window.setTimeout(() => search(trimmed || undefined), debounceMs);
    return () => window.clearTimeout(timer);
  }, [trimmed, tooShort, value]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      event.preventDefault();
      ref.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="search-field">
      <Input.Search
        ref={ref}
        value={text}
        allowClear
        enterButton={false}
        placeholder={label}
        aria-label={label}
        aria-describedby="search-hint"
        status={tooShort ? 'warning' : undefined}
        onChange={(e) => setText(e.target.value)}
        onSearch={(q) => {
          const next = q.trim();
          if (next.length === 0 || next.length >= searchMinLength) search(next || undefined);
        }}
      />
      <Typography.Text type="warning" className="search-hint" id="search-hint" aria-live="polite">
        {tooShort ? t('validation:searchMin') : ''}
      </Typography.Text>
    </div>
  );
}
