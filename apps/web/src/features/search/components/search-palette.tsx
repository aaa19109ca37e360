import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Input, Modal, Spin, Typography, type InputRef } from 'antd';
import { ArrowRightOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchHit } from '@pharma/contracts';
import { errorMessage } from '../../../lib/api-client';
import { hrefOf } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { isSearchable, useGlobalSearch } from '../api/get-search';
import { hitHref } from './search-hit';
import { SearchHitContent } from './search-hit-row';
import './search.css';

/** Rows per kind in the palette; the page shows more. */
const paletteLimit = 5;
const debounceMs = 250;

/**
 * The header's command palette (Ctrl+K / Cmd+K, or the search button on a phone): type, move with ↑ ↓,
 * open with Enter, close with Esc; the last row shows every result on /search?q=.
 */
export function SearchPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('search');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      destroyOnHidden
      width={640}
      style={{ top: 48, maxWidth: 'calc(100vw - 16px)' }}
      className="search-palette"
      title={<span className="sr-only">{t('palette.title')}</span>}
      aria-label={t('palette.title')}
    >
      <PaletteBody onClose={onClose} />
    </Modal>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const listId = useId();
  const q = useDebouncedValue(text.trim(), debounceMs);
  const searchable = isSearchable(q);
  const query = useGlobalSearch({ q, limit: paletteLimit });
  const answer = searchable && query.data?.q === q ? query.data : undefined;
  const groups = useMemo(() => answer?.groups.filter((g) => g.total > 0) ?? [], [answer]);
  const hits: SearchHit[] = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  // the hits, then "show all results"
  const count = searchable ? hits.length + 1 : 0;
  const typed = text.trim();
  const tooShort = typed.length > 0 && !isSearchable(typed);

  useEffect(() => setActive(0), [q, hits.length]);
  useEffect(() => {
    const timer = window.setTimeout(() => input.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const open = (href: string) => {
    onClose();
    void navigate(href);
  };
  const choose = (index: number) => {
    const hit = hits[index];
    if (hit) open(hitHref(hit));
    else if (isSearchable(typed)) open(hrefOf('search', {}, { q: typed }));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && count) {
      event.preventDefault();
      setActive((i) => (i + 1) % count);
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault();
      setActive((i) => (i - 1 + count) % count);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // results still for an older text: Enter shows every result of what was typed
      choose(typed === q ? active : hits.length);
    }
  };

  let index = 0;
  const optionProps = (i: number) => ({
    id: `${listId}-${i}`,
    role: 'option',
    'aria-selected': active === i,
    className: 'search-hit',
    onMouseEnter: () => setActive(i),
    onClick: () => choose(i),
  });

  return (
    <div>
      <Input
        ref={input}
        size="large"
        value={text}
        allowClear
        prefix={<SearchOutlined aria-hidden="true" />}
        suffix={query.isFetching ? <Spin size="small" /> : null}
        placeholder={t('palette.placeholder')}
        aria-label={t('palette.placeholder')}
        role="combobox"
        aria-expanded={count > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={count ? `${listId}-${active}` : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div>
        <Typography.Text type={query.isError ? 'danger' : 'secondary'} aria-live="polite" style={{ display: 'block', padding: '4px 8px' }}>
          {tooShort
            ? t('validation:searchMin')
            : !typed
              ? t('hints.start')
              : query.isError
                ? `${t('messages.failed')} ${errorMessage(query.error)}`
                : searchable && query.data?.q === q && !hits.length
                  ? t('messages.nothingFound', { q })
                  : ''}
        </Typography.Text>
        {count ? (
          // the list scrolls: it takes the focus too (Tab from the box), and the same keys there
          <div
            role="listbox"
            id={listId}
            aria-label={t('palette.results')}
            className="search-palette__results"
            tabIndex={0}
            aria-activedescendant={`${listId}-${active}`}
            onKeyDown={onKeyDown}
          >
            {groups.map((g) => (
              <div role="group" key={g.kind} aria-labelledby={`${listId}-${g.kind}`}>
                <div className="search-group__title" id={`${listId}-${g.kind}`} role="presentation">
                  {t(`kinds.${g.kind}`)} · {g.total}
                </div>
                {g.items.map((hit) => {
                  const i = index++;
                  return (
                    <div key={`${hit.kind}-${hit.id}`} {...optionProps(i)}>
                      <SearchHitContent hit={hit} />
                    </div>
                  );
                })}
              </div>
            ))}
            <div {...optionProps(hits.length)} className="search-hit search-all">
              <ArrowRightOutlined aria-hidden="true" />
              {t('actions.showAll', { q: typed })}
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
