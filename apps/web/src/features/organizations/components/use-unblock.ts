import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useUnblockOrganization } from '../api/unblock-organization';

/** Takes an organization off the blacklist after 'Are you sure you want to unblock the organization?'. */
export function useUnblockConfirm() {
  const { t } = useTranslation('organizations');
  const { modal, message } = App.useApp();
  const unblock = useUnblockOrganization();
  const confirm = (organization: { id: number; name: string }) =>
    modal.confirm({
      title: t('messages.confirmUnblock'),
      content: organization.name,
      okText: t('actions.unblock'),
      cancelText: t('common:actions.cancel'),
      onOk: () =>
        unblock.mutateAsync(organization.id).then(
          () => void message.success(t('messages.unblocked')),
          (error: unknown) => void message.error(errorMessage(error)),
        ),
    });
  return { confirm, pending: unblock.isPending };
}
