import type { ReactNode } from 'react';
import { Button, Popconfirm, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** A destructive action behind the specification's confirmation (default 'Do you really want to delete?'). */
export function ConfirmButton({
  question,
  onConfirm,
  children,
  ...button
}: { question?: ReactNode; onConfirm: () => unknown; children?: ReactNode } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={question ?? t('messages.confirmDelete')}
      okText={t('actions.yes')}
      cancelText={t('actions.no')}
      okButtonProps={{ danger: true }}
      onConfirm={() => onConfirm()}
    >
      <Button {...button}>{children}</Button>
    </Popconfirm>
  );
}
