import { useState, type ReactNode } from 'react';
import { Badge, Button, Flex } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { phoneBelowPx, useWindowWidth } from '../lib/use-window-width';

/**
 * A list's filters: in one wrapping row at a desk; on a phone folded behind a "Filters" button that
 * counts the active ones, so the list starts on the first screen. `always` (the search) stays out.
 */
export function FilterBar({ always, active, className, children }: { always?: ReactNode; active: number; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const phone = useWindowWidth() < phoneBelowPx;
  const [open, setOpen] = useState(false);
  if (!phone) {
    return (
      <Flex className={className ? `toolbar ${className}` : 'toolbar'} gap={8} wrap align="flex-start">
        {always}
        {children}
      </Flex>
    );
  }
  return (
    <Flex className="toolbar" gap={8} vertical>
      <Flex gap={8} align="flex-start">
        <div style={{ flex: 1, minWidth: 0 }}>{always}</div>
        <Badge count={active} size="small">
          <Button icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {t('actions.filters')}
          </Button>
        </Badge>
      </Flex>
      {open ? (
        <Flex className={className} gap={8} wrap>
          {children}
        </Flex>
      ) : null}
    </Flex>
  );
}
