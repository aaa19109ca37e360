import { Button, Card, Flex, Segmented, Select, Tag, Typography, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { taskStatuses, type TaskStatus, type TaskSummary } from '@pharma/contracts';
import { DataTable, usePagination } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useTasks } from '../api/tasks-api';
import { TaskDrawer } from '../components/task-drawer';
import { TaskFormModal } from '../components/task-form-modal';
import { TaskPriorityTag, TaskStatusTag } from '../components/task-labels';
import '../tasks.css';

const isStatus = (value: string | undefined): value is TaskStatus => (taskStatuses as readonly string[]).includes(value ?? '');

/**
 * /tasks (issue 17): single tasks as a list or a board by status; mine, given by me, or all I see;
 * search by title. A task opens in a drawer (`?task=<id>`, so a notification links to it); a new one
 * is given from the form (to oneself, or to each of the team).
 */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  const phone = useWindowWidth() < phoneBelowPx;
  const canEdit = useCan('tasks.edit');
  const { page, size, filters, update } = useListParams(['q', 'status', 'mine', 'view', 'task'] as const);
  const board = filters.view === 'board';
  const mine = filters.mine === 'assigned' || filters.mine === 'created' ? filters.mine : undefined;
  // the board shows every status of the first hundred; the list pages
  const query = useTasks({
    page: board ? 1 : page,
    size: board ? 100 : size,
    q: filters.q,
    status: isStatus(filters.status) ? filters.status : undefined,
    mine,
  });
  const pagination = usePagination(page, size, query.data?.total, (p, s) => update(s !== size ? { page: 1, size: s } : { page: p }));
  const openTask = (id: number) => update({ task: id, page });
  const taskId = idFilter(filters.task);

  const columns: TableProps<TaskSummary>['columns'] = [
    {
      key: 'title',
      title: t('fields.title'),
      render: (_, task) => (
        <Button type="link" className="task-link" onClick={() => openTask(task.id)}>
          {task.title}
        </Button>
      ),
    },
    { key: 'assignee', dataIndex: 'assigneeName', title: t('fields.assignee') },
    {
      key: 'dueAt',
      title: t('fields.dueAt'),
      render: (_, task) => <DueText task={task} />,
    },
    { key: 'priority', title: t('fields.priority'), render: (_, task) => <TaskPriorityTag priority={task.priority} /> },
    { key: 'status', title: t('fields.status'), render: (_, task) => <TaskStatusTag status={task.status} /> },
    {
      key: 'checklist',
      title: t('fields.checklist'),
      responsive: ['md'],
      render: (_, task) => (task.checklistTotal ? `${task.checklistDone}/${task.checklistTotal}` : ''),
    },
    { key: 'creator', dataIndex: 'creatorName', title: t('fields.creator'), responsive: ['lg'] },
  ];

  return (
    <div className="tasks-page">
      <PageHeader
        title={t('title')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => update({ task: 'new', page })}>
              {t('new')}
            </Button>
          ) : null
        }
      />
      <Flex gap={8} wrap className="tasks-toolbar">
        <Segmented
          value={board ? 'board' : 'list'}
          onChange={(v) => update({ view: v === 'board' ? 'board' : undefined })}
          options={[
            { value: 'list', label: t('views.list') },
            { value: 'board', label: t('views.board') },
          ]}
        />
        <Select
          aria-label={t('fields.status')}
          style={{ minWidth: 160 }}
          value={isStatus(filters.status) ? filters.status : ''}
          onChange={(v) => update({ status: v || undefined })}
          options={[{ value: '', label: t('fields.allStatuses') }, ...taskStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
        />
        <Select
          aria-label={t('mine.all')}
          style={{ minWidth: 180 }}
          value={mine ?? ''}
          onChange={(v) => update({ mine: v || undefined })}
          options={[
            { value: '', label: t('mine.all') },
            { value: 'assigned', label: t('mine.assigned') },
            { value: 'created', label: t('mine.created') },
          ]}
        />
        <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search')} />
      </Flex>
      {board ? (
        <TaskBoard tasks={query.data?.items} loading={query.isPending} onOpen={openTask} />
      ) : phone ? (
        <Flex vertical gap={8}>
          {query.data && !query.data.items.length ? <EmptyState description={t('empty')} /> : null}
          {query.data?.items.map((task) => (
            <TaskCard key={task.id} task={task} onOpen={openTask} />
          ))}
        </Flex>
      ) : (
        <DataTable<TaskSummary> query={query} rows={query.data?.items} rowKey="id" columns={columns} pagination={pagination} emptyText={t('empty')} />
      )}
      <TaskDrawer id={taskId} phone={phone} onClose={() => update({ task: undefined, page })} />
      <TaskFormModal open={filters.task === 'new' && canEdit} onClose={() => update({ task: undefined, page })} />
    </div>
  );
}

function DueText({ task }: { task: TaskSummary }) {
  const { t } = useTranslation('tasks');
  if (!task.dueAt) return <Typography.Text type="secondary">{t('noDue')}</Typography.Text>;
  return (
    <Typography.Text type={task.overdue ? 'danger' : undefined} title={task.overdue ? t('overdue') : undefined}>
      {formatDateTime(task.dueAt)}
    </Typography.Text>
  );
}

function TaskCard({ task, onOpen }: { task: TaskSummary; onOpen: (id: number) => void }) {
  const { t } = useTranslation('tasks');
  return (
    <Card size="small" hoverable onClick={() => onOpen(task.id)} data-testid="task-card" className="task-card">
      <Flex justify="space-between" gap={8} align="start">
        <Typography.Text strong>{task.title}</Typography.Text>
        <TaskStatusTag status={task.status} />
      </Flex>
      <Flex gap={8} wrap align="center" className="task-card__meta">
        <Typography.Text type="secondary">{task.assigneeName}</Typography.Text>
        <DueText task={task} />
        {task.priority === 'high' ? <TaskPriorityTag priority={task.priority} /> : null}
        {task.checklistTotal ? <Tag>{`${task.checklistDone}/${task.checklistTotal}`}</Tag> : null}
        {task.overdue ? <Tag color="red">{t('overdue')}</Tag> : null}
      </Flex>
    </Card>
  );
}

function TaskBoard({ tasks, loading, onOpen }: { tasks: TaskSummary[] | undefined; loading: boolean; onOpen: (id: number) => void }) {
  const { t } = useTranslation('tasks');
  return (
    <div className="task-board" aria-busy={loading}>
      {taskStatuses.map((status) => {
        const column = (tasks ?? []).filter((task) => task.status === status);
        return (
          <section key={status} className="task-board__column" aria-label={t(`statuses.${status}`)}>
            <Typography.Title level={5}>
              {t(`statuses.${status}`)} <Typography.Text type="secondary">{column.length}</Typography.Text>
            </Typography.Title>
            <Flex vertical gap={8}>
              {column.map((task) => (
                <TaskCard key={task.id} task={task} onOpen={onOpen} />
              ))}
            </Flex>
          </section>
        );
      })}
    </div>
  );
}
