import { useState } from 'react';
import { App, Button, Flex, Input, Select, Tag, Typography, type TableProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DownloadOutlined, EditOutlined, SoundOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { callDirections, callOutcomes, formatPhone, type Call, type CallDirection, type CallOutcome } from '@pharma/contracts';
import { DataTable, usePagination } from '../../../components/data-table';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { useCalls, useSaveCallNote } from '../api/calls-api';
import { hrefOfMatch } from '../components/call-links';

const outcomeColor: Record<CallOutcome, string> = { answered: 'green', missed: 'red', busy: 'orange' };
const isOutcome = (v: string | undefined): v is CallOutcome => (callOutcomes as readonly string[]).includes(v ?? '');
const isDirection = (v: string | undefined): v is CallDirection => (callDirections as readonly string[]).includes(v ?? '');

/** A call's duration as mm:ss (75 → 01:15; an hour and more keeps counting minutes: 61:05). */
export const formatDuration = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** Only an http(s) address is played or linked (the server refuses others; this keeps a stray one inert). */
const isPlayable = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

/**
 * /calls (issue 18): the call log in scope — direction, numbers, the matched card, the user, start,
 * duration, outcome, the recording and an editable note; filters by outcome, direction, dates, number.
 */
export function CallsPage() {
  const { t } = useTranslation('calls');
  const { page, size, filters, update } = useListParams(['q', 'outcome', 'direction', 'from', 'to'] as const);
  const query = useCalls({
    page,
    size,
    q: filters.q,
    outcome: isOutcome(filters.outcome) ? filters.outcome : undefined,
    direction: isDirection(filters.direction) ? filters.direction : undefined,
    dateFrom: filters.from,
    dateTo: filters.to,
  });
  const pagination = usePagination(page, size, query.data?.total, (p, s) => update(s !== size ? { page: 1, size: s } : { page: p }));

  const columns: TableProps<Call>['columns'] = [
    {
      key: 'direction',
      title: t('fields.direction'),
      width: 56,
      render: (_, c) =>
        c.direction === 'in' ? (
          <ArrowDownOutlined aria-label={t('directions.in')} title={t('directions.in')} />
        ) : (
          <ArrowUpOutlined aria-label={t('directions.out')} title={t('directions.out')} />
        ),
    },
    { key: 'from', title: t('fields.from'), render: (_, c) => formatPhone(c.from) },
    { key: 'to', title: t('fields.to'), render: (_, c) => formatPhone(c.to) },
    {
      key: 'match',
      title: t('fields.match'),
      render: (_, c) => {
        if (!c.match) return <Typography.Text type="secondary">{t('unmatched')}</Typography.Text>;
        const href = hrefOfMatch(c.match);
        const label = `${t(`matchTypes.${c.match.type}`)}: ${c.match.name}`;
        return href ? <Link to={href}>{label}</Link> : label;
      },
    },
    { key: 'user', dataIndex: 'userName', title: t('fields.user'), responsive: ['md'] },
    { key: 'startedAt', title: t('fields.startedAt'), render: (_, c) => formatDateTime(c.startedAt) },
    { key: 'duration', title: t('fields.duration'), render: (_, c) => formatDuration(c.durationSeconds) },
    {
      key: 'outcome',
      title: t('fields.outcome'),
      render: (_, c) => (c.outcome ? <Tag color={outcomeColor[c.outcome]}>{t(`outcomes.${c.outcome}`)}</Tag> : <Tag>{t(`states.${c.state}`)}</Tag>),
    },
    {
      key: 'recording',
      title: t('fields.recording'),
      render: (_, c) => (isPlayable(c.recordingUrl) ? <CallRecording url={c.recordingUrl} /> : null),
    },
    { key: 'note', title: t('fields.note'), render: (_, c) => <CallNote call={c} /> },
  ];

  return (
    <div className="calls-page">
      <PageHeader title={t('title')} />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('fields.outcome')}
          style={{ minWidth: 160 }}
          value={isOutcome(filters.outcome) ? filters.outcome : ''}
          onChange={(v) => update({ outcome: v || undefined })}
          options={[{ value: '', label: t('allOutcomes') }, ...callOutcomes.map((o) => ({ value: o, label: t(`outcomes.${o}`) }))]}
        />
        <Select
          aria-label={t('fields.direction')}
          style={{ minWidth: 160 }}
          value={isDirection(filters.direction) ? filters.direction : ''}
          onChange={(v) => update({ direction: v || undefined })}
          options={[{ value: '', label: t('allDirections') }, ...callDirections.map((d) => ({ value: d, label: t(`directions.${d}`) }))]}
        />
        <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} label={t('fields.startedAt')} />
        <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('search')} />
      </Flex>
      <DataTable<Call> query={query} rows={query.data?.items} rowKey="id" columns={columns} pagination={pagination} emptyText={t('empty')} />
    </div>
  );
}

/** A call's recording: played in place once asked for (nothing loads before), and its download link. */
function CallRecording({ url }: { url: string }) {
  const { t } = useTranslation('calls');
  const [playing, setPlaying] = useState(false);
  return (
    <Flex vertical gap={4} align="flex-start">
      {playing ? (
        <audio controls autoPlay preload="none" src={url} aria-label={t('listen')} style={{ maxWidth: 260 }} />
      ) : (
        <Button type="link" size="small" icon={<SoundOutlined />} onClick={() => setPlaying(true)} style={{ padding: 0 }}>
          {t('listen')}
        </Button>
      )}
      <a href={url} target="_blank" rel="noreferrer noopener" download>
        <DownloadOutlined /> {t('download')}
      </a>
    </Flex>
  );
}

/** A call's note, edited in place. */
function CallNote({ call }: { call: Call }) {
  const { t } = useTranslation('calls');
  const { message } = App.useApp();
  const canEdit = useCan('calls.edit');
  const save = useSaveCallNote();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null)
    return (
      <Flex gap={4} align="center">
        <Typography.Text>{call.note ?? ''}</Typography.Text>
        {canEdit ? <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('editNote')} onClick={() => setDraft(call.note ?? '')} /> : null}
      </Flex>
    );
  const submit = () =>
    save.mutate({ id: call.id, note: draft }, { onSuccess: () => setDraft(null), onError: (error) => void message.error(errorMessage(error)) });
  return (
    <Input.TextArea
      autoFocus
      aria-label={t('fields.note')}
      value={draft}
      maxLength={2000}
      autoSize={{ minRows: 1, maxRows: 4 }}
      disabled={save.isPending}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setDraft(null);
        if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault();
          submit();
        }
      }}
    />
  );
}
