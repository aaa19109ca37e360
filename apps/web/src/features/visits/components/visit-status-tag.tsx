import { Tag } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  QuestionCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { toVisitStatus, type VisitStatus } from '@pharma/contracts';

/**
 * One distinct colour per visit status (antd preset colours: they follow the light and dark theme),
 * in the app's status-tag scheme (order-status-tag): new blue, in progress gold, done green, cancelled red.
 */
export const visitStatusColors: Record<VisitStatus, string> = {
  planned: 'blue',
  in_progress: 'gold',
  completed: 'green',
  cancelled: 'red',
  overdue: 'orange',
  unknown: 'default',
};

/** The CSS colour of a status for dots and counters (the theme's tokens). */
export const visitStatusTokens: Record<VisitStatus, string> = {
  planned: 'var(--ant-blue-6, #1677ff)',
  in_progress: 'var(--ant-gold-6, #faad14)',
  completed: 'var(--ant-green-6, #52c41a)',
  cancelled: 'var(--ant-red-6, #ff4d4f)',
  overdue: 'var(--ant-orange-6, #fa8c16)',
  unknown: 'var(--ant-color-text-quaternary)',
};

const icons: Record<VisitStatus, ComponentType> = {
  planned: ClockCircleOutlined,
  in_progress: SyncOutlined,
  completed: CheckCircleOutlined,
  cancelled: CloseCircleOutlined,
  overdue: ExclamationCircleOutlined,
  unknown: QuestionCircleOutlined,
};

/**
 * A visit's status as a tag: colour, icon and the shared label (`enums:visitStatus.*`), so it reads
 * without colour too. Any value the client does not know shows as 'Unknown'. The visit screen names
 * its one tag with `data-testid`.
 */
export function VisitStatusTag({ status, 'data-testid': testId }: { status: VisitStatus | string; 'data-testid'?: string }) {
  const { t } = useTranslation();
  const known = toVisitStatus(status);
  const Icon = icons[known];
  return (
    <Tag color={visitStatusColors[known]} icon={<Icon />} className="visit-status-tag nowrap" data-status={known} data-testid={testId}>
      {t(`enums:visitStatus.${known}`)}
    </Tag>
  );
}
