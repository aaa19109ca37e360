import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** The title of a screen (one h1 per page) and its main actions. */
export function PageHeader({ title, extra, subtitle }: { title: ReactNode; extra?: ReactNode; subtitle?: ReactNode }) {
  return (
    <Flex className="page-header" align="center" justify="space-between" gap={12} wrap>
      <div style={{ minWidth: 0 }}>
        <Typography.Title level={1} className="page-title">
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
      </div>
      {extra ? (
        <Flex gap={8} wrap align="center">
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
