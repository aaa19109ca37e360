import { Tag } from 'antd';
import { CheckCircleOutlined, CloudUploadOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOutbox } from '../lib/outbox';
import { hrefOf } from '../lib/paths';

/**
 * Where a record's writes made on this phone stand (issue 16): waiting to be sent, needing attention
 * (a link to the sync log, where it is resolved), or sent. Nothing for a record the phone never queued.
 */
export function OutboxMark({ subject }: { subject: string }) {
  const { t } = useTranslation('sync');
  const mine = useOutbox().items.filter((i) => i.subject === subject);
  if (!mine.length) return null;
  if (mine.some((i) => i.state === 'attention'))
    return (
      <Link to={hrefOf('sync')} data-testid="outbox-mark" data-state="attention">
        <Tag color="error" icon={<ExclamationCircleOutlined />}>
          {t('states.attention')}
        </Tag>
      </Link>
    );
  if (mine.some((i) => i.state === 'waiting'))
    return (
      <Tag color="warning" icon={<CloudUploadOutlined />} data-testid="outbox-mark" data-state="waiting">
        {t('states.waiting')}
      </Tag>
    );
  return (
    <Tag color="success" icon={<CheckCircleOutlined />} data-testid="outbox-mark" data-state="sent">
      {t('states.sent')}
    </Tag>
  );
}
