import { useEffect, useState } from 'react';
import { App, Button, Flex, Input, Popconfirm, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addDays, businessDate } from '@pharma/contracts';
import { formatDate } from '../../../lib/format';
import { useOutbox } from '../../../lib/outbox';
import { useReplanVisit, useVisit } from '../../visits';
import { SaveError } from '../../../components/save-error';

/**
 * Re-plan (issue 16): a visit cancelled by a chief while the rep was offline is planned again for a day
 * the rep picks (tomorrow by default) — the same organization and hours — and what was made for the
 * cancelled visit and not sent is dropped, after the rep confirms it.
 */
export function ReplanVisit({ visitId, subject }: { visitId: number; subject: string }) {
  const { t } = useTranslation('sync');
  const { message } = App.useApp();
  const visit = useVisit(visitId);
  // the phone shows the visit as the rep left it: the server's (cancelled, with its reason) is asked for once here
  const { refetch } = visit;
  useEffect(() => void refetch(), [refetch, visitId]);
  const replan = useReplanVisit();
  const today = businessDate();
  const [date, setDate] = useState(addDays(today, 1));
  const dropped = useOutbox().items.filter((i) => i.subject === subject && i.state !== 'sent').length;
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today;

  const submit = () => {
    if (!visit.data) return;
    const { organizationName } = visit.data;
    // (the item leaves the list as the old visit's writes are dropped: the message does not wait for this component)
    void replan.mutateAsync({ visit: visit.data, date }).then(
      () => void message.success(t('messages.replanned', { organization: organizationName, date: formatDate(date) })),
      () => undefined,
    );
  };

  return (
    <Flex vertical gap={8} className="sync-replan" data-testid="sync-replan">
      {visit.data?.status === 'cancelled' ? (
        <Typography.Text type="secondary">{t('labels.cancelledBy', { reason: visit.data.cancelReason ?? t('labels.noReason') })}</Typography.Text>
      ) : null}
      <Flex gap={8} wrap align="center">
        <Input
          type="date"
          size="large"
          value={date}
          min={today}
          onChange={(event) => setDate(event.target.value)}
          aria-label={t('fields.replanDate')}
          prefix={<CalendarOutlined />}
          style={{ maxWidth: 220 }}
        />
        <Popconfirm
          title={t('messages.replanConfirm', { date: valid ? formatDate(date) : '', count: dropped })}
          okText={t('common:actions.yes')}
          cancelText={t('common:actions.no')}
          onConfirm={submit}
          disabled={!valid || !visit.data}
        >
          <Button type="primary" size="large" loading={replan.isPending} disabled={!valid || !visit.data}>
            {t('actions.replan')}
          </Button>
        </Popconfirm>
      </Flex>
      <SaveError error={replan.error} title={t('messages.replanFailed')} />
    </Flex>
  );
}
