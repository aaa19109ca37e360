import type { ReactNode } from 'react';
import { App, Button, Flex, Tooltip, type TableColumnType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { ConfirmButton } from '../confirm-button';

/** A small icon button of a row, its tooltip the visible word and its aria label naming the row. */
export function RowActionButton({ title, label, icon, onClick }: { title: ReactNode; label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * The actions of a reference row: its own buttons first, then edit, then delete behind the confirmation.
 * A refused delete (IN_USE and the like) shows the server's message; a done one says 'Deleted'.
 */
export function RowActions({
  before,
  edit,
  remove,
}: {
  before?: ReactNode;
  edit?: { label: string; onClick: () => void } | false;
  remove?: { label: string; onConfirm: () => Promise<unknown> } | false;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Flex gap={4} justify="flex-end">
      {before}
      {edit ? <RowActionButton title={t('actions.edit')} label={edit.label} icon={<EditOutlined />} onClick={edit.onClick} /> : null}
      {remove ? (
        <ConfirmButton
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={remove.label}
          onConfirm={() =>
            remove.onConfirm().then(
              () => void message.success(t('messages.deleted')),
              (error: unknown) => void message.error(errorMessage(error)),
            )
          }
        />
      ) : null}
    </Flex>
  );
}

/** The trailing actions column (its header read by screen readers only), or nothing when the user may do none of them. */
export function useActionsColumn<T>(show: boolean, width: number, render: (row: T) => ReactNode): TableColumnType<T>[] {
  const { t } = useTranslation();
  if (!show) return [];
  return [
    {
      key: 'actions',
      width,
      align: 'right',
      title: <span className="sr-only">{t('fields.actions.label')}</span>,
      render: (_: unknown, row: T) => render(row),
    },
  ];
}
