import { useState } from 'react';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { CheckCircleOutlined, MinusCircleOutlined, MoreOutlined, StopOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Batch } from '@pharma/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useReleaseBatch } from '../api/release-batch';
import { BatchReasonModal } from './batch-reason-modal';
import { WriteOffModal } from './write-off-modal';

type Open = 'writeOff' | 'quarantine' | 'recall' | null;

/** What may be done with a batch: write off (stock.delete), quarantine, release, recall (stock.edit). */
export function BatchActions({ batch }: { batch: Batch }) {
  const { t } = useTranslation('stock');
  const { modal, message } = App.useApp();
  const canEdit = useCan('stock.edit');
  const canDelete = useCan('stock.delete');
  const release = useReleaseBatch();
  const [open, setOpen] = useState<Open>(null);

  const items: MenuProps['items'] = [];
  if (canDelete) items.push({ key: 'writeOff', icon: <MinusCircleOutlined />, label: t('actions.writeOff'), disabled: batch.free <= 0 });
  if (canEdit && batch.status === 'available') items.push({ key: 'quarantine', icon: <WarningOutlined />, label: t('actions.quarantine') });
  if (canEdit && batch.status === 'quarantine') items.push({ key: 'release', icon: <CheckCircleOutlined />, label: t('actions.release') });
  if (canEdit && batch.status !== 'recalled') items.push({ key: 'recall', icon: <StopOutlined />, label: t('actions.recall'), danger: true });
  if (items.length === 0) return null;

  const confirmRelease = () =>
    modal.confirm({
      title: t('messages.confirmRelease'),
      content: `${batch.productName} · ${batch.series}`,
      okText: t('actions.release'),
      cancelText: t('common:actions.cancel'),
      onOk: () =>
        release.mutateAsync(batch.id).then(
          () => void message.success(t('common:messages.saved')),
          (error: unknown) => void message.error(errorMessage(error)),
        ),
    });

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'release') confirmRelease();
            else setOpen(key as Open);
          },
        }}
      >
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('actions.batchActions', { product: batch.productName, series: batch.series })} />
      </Dropdown>
      {open === 'writeOff' ? <WriteOffModal batch={batch} onClose={() => setOpen(null)} /> : null}
      {open === 'quarantine' || open === 'recall' ? <BatchReasonModal batch={batch} action={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
