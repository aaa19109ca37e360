import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskPriority, TaskStatus } from '@pharma/contracts';

const statusColour: Record<TaskStatus, string> = { new: 'blue', in_progress: 'gold', done: 'green', cancelled: 'default' };
const priorityColour: Record<TaskPriority, string> = { low: 'default', normal: 'cyan', high: 'red' };

export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return <Tag color={statusColour[status]}>{t(`statuses.${status}`)}</Tag>;
}

export function TaskPriorityTag({ priority }: { priority: TaskPriority }) {
  const { t } = useTranslation('tasks');
  return <Tag color={priorityColour[priority]}>{t(`priorities.${priority}`)}</Tag>;
}
