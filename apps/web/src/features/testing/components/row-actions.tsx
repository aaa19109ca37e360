import { Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';

/** A bank's, question's or test's row: edit, and delete after a question when the user may. */
export function RowActions({
  editLabel,
  onEdit,
  canDelete,
  deleteQuestion,
  onDelete,
}: {
  editLabel: string;
  onEdit: () => void;
  canDelete: boolean;
  deleteQuestion: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation('testing');
  return (
    <Space>
      <Button size="small" icon={<EditOutlined />} aria-label={editLabel} onClick={onEdit} />
      {canDelete ? (
        <ConfirmButton size="small" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} question={deleteQuestion} onConfirm={onDelete} />
      ) : null}
    </Space>
  );
}
