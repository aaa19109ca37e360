import type { ReactNode } from 'react';
import { Flex } from 'antd';

/** The title of a screen (one h1 per page) and its main actions. */
export function PageHeader({ title, extra, subtitle }: { title: ReactNode; extra?: ReactNode; subtitle?: ReactNode }) {
  return (
    <Flex className="page-header" align="center" justify="space-between" gap={12} wrap>
      <div style={{ minWidth: 0 }}>
        <h1 className="page-title">{title}</h1>
        {subtitle ? <span className="text-secondary">{subtitle}</span> : null}
      </div>
      {extra ? (
        <Flex gap={8} wrap align="center">
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
