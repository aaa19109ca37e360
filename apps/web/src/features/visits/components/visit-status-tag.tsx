import { Tag } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  QuestionCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';
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

/**
 * The same colour as CSS (the theme's variable of the preset, e.g. `--ant-orange-6`) for what is not a
 * tag: the calendar's and counters' dots, a visit card's stripe.
 */
export const visitStatusTokens = Object.fromEntries(
  Object.entries(visitStatusColors).map(([status, color]) => [status, color === 'default' ? 'var(--ant-color-text-quaternary)' : `var(--ant-${color}-6)`]),
) as Record<VisitStatus, string>;

/** A visit card's stripe in its status tag's colour (`.visit-card` draws it from `--visit-status-color`). */
export function visitStatusStripe(status: VisitStatus | string): CSSProperties {
  return { '--visit-status-color': visitStatusTokens[toVisitStatus(status)] } as CSSProperties;
}

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
