import { useEffect, useRef } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The end of an infinite list: the next chunk loads when this comes into view (a button does the
 * same for keyboards and old browsers), and the count shown so far.
 */
export function InfiniteFooter({
  shown,
  total,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  total: number | undefined;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const onMoreRef = useRef(onMore);
  onMoreRef.current = onMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onMoreRef.current();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (shown === 0) return null;
  return (
    <div className="infinite-footer" ref={sentinel}>
      <Typography.Text type="secondary" aria-live="polite">
        {t('table.shown', { shown, total: total ?? shown })}
      </Typography.Text>
      {hasMore ? (
        <Button onClick={onMore} loading={loading}>
          {t('actions.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
