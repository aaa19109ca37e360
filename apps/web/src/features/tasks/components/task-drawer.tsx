import { useState } from 'react';
import { App, Button, Checkbox, Descriptions, Drawer, Flex, Input, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAddChecklistItem, useCheckChecklistItem, useCommentTask, useMoveTask, useTask } from '../api/tasks-api';
import { TaskPriorityTag, TaskStatusTag } from './task-labels';

/** One task: what it is, the moves the user may make, its checklist and its comments. */
export function TaskDrawer({ id, phone, onClose }: { id: number | undefined; phone: boolean; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const query = useTask(id);
  const move = useMoveTask();
  const check = useCheckChecklistItem();
  const addItem = useAddChecklistItem();
  const comment = useCommentTask();
  const [item, setItem] = useState('');
  const [text, setText] = useState('');
  const task = query.data;
  const fail = (error: unknown) => void message.error(errorMessage(error));
  const moveTo = (to: TaskStatus) =>
    move.mutate({ id: id!, to }, { onSuccess: () => void message.success(t('moved', { status: t(`statuses.${to}`) })), onError: fail });
  const moveLabel = (to: TaskStatus) => (task && (task.status === 'done' || task.status === 'cancelled') ? t('reopen') : t(`moves.${to}`));

  return (
    <Drawer open={!!id} onClose={onClose} title={task?.title ?? t('title')} size={phone ? '100%' : 520} destroyOnHidden>
      {query.isError && !task ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !task ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16} data-testid="task-drawer">
          <Flex gap={8} wrap>
            <TaskStatusTag status={task.status} />
            <TaskPriorityTag priority={task.priority} />
            {task.overdue ? <Typography.Text type="danger">{t('overdue')}</Typography.Text> : null}
          </Flex>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('fields.assignee')}>{task.assigneeName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.creator')}>{task.creatorName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.dueAt')}>{task.dueAt ? formatDateTime(task.dueAt) : t('noDue')}</Descriptions.Item>
            {task.organizationName ? <Descriptions.Item label={t('nav:titles.references')}>{task.organizationName}</Descriptions.Item> : null}
          </Descriptions>
          {task.description ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{task.description}</Typography.Paragraph> : null}
          {task.moves.length ? (
            <Flex gap={8} wrap>
              {task.moves.map((to) =>
                to === 'cancelled' ? (
                  <ConfirmButton key={to} danger question={t('confirmCancel')} onConfirm={() => moveTo(to)}>
                    {t('moves.cancelled')}
                  </ConfirmButton>
                ) : (
                  <Button
                    key={to}
                    type={to === 'done' ? 'primary' : 'default'}
                    loading={move.isPending && move.variables?.to === to}
                    onClick={() => moveTo(to)}
                  >
                    {moveLabel(to)}
                  </Button>
                ),
              )}
            </Flex>
          ) : null}

          <div>
            <Typography.Title level={5}>
              {t('fields.checklist')} {task.checklistTotal ? `${task.checklistDone}/${task.checklistTotal}` : ''}
            </Typography.Title>
            <Flex vertical gap={4}>
              {task.checklist.map((c) => (
                <Checkbox
                  key={c.id}
                  checked={c.done}
                  disabled={!task.moves.length && !task.editable}
                  onChange={(e) => check.mutate({ id: task.id, itemId: c.id, done: e.target.checked }, { onError: fail })}
                >
                  {c.text}
                </Checkbox>
              ))}
            </Flex>
            <Input.Search
              style={{ marginTop: 8 }}
              value={item}
              onChange={(e) => setItem(e.target.value)}
              placeholder={t('addItem')}
              aria-label={t('addItem')}
              enterButton={t('addItem')}
              loading={addItem.isPending}
              onSearch={(value) => value.trim() && addItem.mutate({ id: task.id, text: value.trim() }, { onSuccess: () => setItem(''), onError: fail })}
            />
          </div>

          <div>
            <Typography.Title level={5}>{t('comments')}</Typography.Title>
            <List
              size="small"
              dataSource={task.comments}
              locale={{ emptyText: t('noComments') }}
              renderItem={(c) => (
                <List.Item key={c.id}>
                  <List.Item.Meta title={c.authorName} description={formatDateTime(c.createdAt)} />
                  <span style={{ whiteSpace: 'pre-wrap' }}>{c.text}</span>
                </List.Item>
              )}
            />
            <Flex gap={8} style={{ marginTop: 8 }}>
              <Input.TextArea
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-label={t('fields.comment')}
                placeholder={t('fields.comment')}
                autoSize={{ minRows: 1, maxRows: 4 }}
              />
              <Button
                type="primary"
                disabled={!text.trim()}
                loading={comment.isPending}
                onClick={() => comment.mutate({ id: task.id, text: text.trim() }, { onSuccess: () => setText(''), onError: fail })}
              >
                {t('send')}
              </Button>
            </Flex>
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
