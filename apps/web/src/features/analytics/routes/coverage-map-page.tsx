import { useMemo, useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, List, Spin, Tag, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { coverageStates, dateFormat, formatPhone, type CoverageAnswer, type CoverageState, type TrackAnswer } from '@pharma/contracts';
import { DownloadButton } from '../../../components/download-button';
import { MapView } from '../../../components/map/map-view';
import type { MapPoint, MapRoute } from '../../../components/map/types';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { hrefOf } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { idFilter } from '../../../lib/use-list-params';
import { RepresentativeSelect, useSeesTeam } from '../../visits';
import { exportUncovered } from '../api/export-report';
import { useCoverage } from '../api/get-coverage';
import { useTrack } from '../api/get-track';
import { AnalyticsFiltersBar } from '../components/analytics-filters';
import { useAnalyticsFilters } from '../use-analytics-filters';
import '../analytics.css';

/** A state's colour: theme variables of analytics.css, lighter in the dark theme. */
export const coverageColor = (state: CoverageState) => `var(--coverage-${state})`;
/** The track's line: an SVG stroke takes a plain colour, one that reads on the tiles in either theme. */
const trackColor = '#8e4ec6';

/** The legend: a count per state; a click hides or shows that state's points. */
function CoverageLegend({ data, hidden, onToggle }: { data: CoverageAnswer; hidden: Set<CoverageState>; onToggle: (state: CoverageState) => void }) {
  const { t } = useTranslation(['statistics', 'analytics']);
  const unplaced = coverageStates.reduce((n, s) => n + data.withoutCoordinates[s], 0);
  return (
    <div className="coverage-legend" role="group" aria-label={t('coverage.legend')}>
      {coverageStates.map((state) => (
        <button
          key={state}
          type="button"
          className="coverage-legend__item"
          aria-pressed={!hidden.has(state)}
          data-state={state}
          title={hidden.has(state) ? t('coverage.show') : t('coverage.hide')}
          onClick={() => onToggle(state)}
        >
          <span className="coverage-legend__swatch" style={{ background: coverageColor(state) }} aria-hidden="true" />
          <span className="coverage-legend__label">{t(`analytics:coverage.states.${state}`)}</span>
          <b className="coverage-legend__count" data-testid={`coverage-count-${state}`}>
            {data.counts[state]}
          </b>
        </button>
      ))}
      {unplaced > 0 ? (
        <Typography.Text type="secondary" className="coverage-legend__note">
          {t('coverage.withoutCoordinates', { count: unplaced })}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The organizations not covered in the period, beside the map (under it on a phone), with the export. */
function UncoveredList({ data, query }: { data: CoverageAnswer; query: Parameters<typeof exportUncovered>[0] }) {
  const { t } = useTranslation(['statistics', 'analytics']);
  return (
    <Card
      variant="borderless"
      className="coverage-uncovered"
      title={`${t('analytics:coverage.uncoveredTitle')} · ${data.uncovered.length}`}
      extra={
        <DownloadButton run={() => exportUncovered(query)} size="small" disabled={data.uncovered.length === 0}>
          {t('labels.export')}
        </DownloadButton>
      }
      styles={{ body: { padding: '4px 12px 12px' } }}
    >
      {data.uncovered.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('coverage.noneUncovered')} />
      ) : (
        <List
          size="small"
          dataSource={data.uncovered}
          rowKey="id"
          aria-label={t('analytics:coverage.uncoveredTitle')}
          pagination={data.uncovered.length > 25 ? { pageSize: 25, size: 'small', showSizeChanger: false, align: 'center' } : false}
          renderItem={(o) => (
            <List.Item className="coverage-uncovered__item">
              <div>
                <Link to={hrefOf('organization', { id: o.id })}>{o.name}</Link>
                {o.located ? null : (
                  <Tag className="coverage-uncovered__tag" variant="filled">
                    {t('coverage.notOnMap')}
                  </Tag>
                )}
                <Typography.Text type="secondary" className="coverage-uncovered__meta">
                  {[t(`enums:organizationType.${o.type}`), o.district, o.address].filter(Boolean).join(' · ')}
                </Typography.Text>
                <a href={`tel:${o.phone}`} className="coverage-uncovered__phone">
                  {formatPhone(o.phone)}
                </a>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** A representative and a day: their visits' start positions drawn as a numbered line. */
function TrackPicker({
  representativeId,
  day,
  track,
  onChange,
}: {
  representativeId: number | undefined;
  day: string | undefined;
  track: { data?: TrackAnswer; isFetching: boolean; isError: boolean };
  onChange: (next: { trackRep?: number; trackDay?: string }) => void;
}) {
  const { t } = useTranslation(['statistics', 'analytics']);
  const seesTeam = useSeesTeam();
  const stops = track.data?.stops.length ?? 0;
  return (
    <div className="coverage-track">
      <Typography.Text strong>{t('coverage.track')}</Typography.Text>
      {seesTeam ? (
        <RepresentativeSelect
          allowClear
          ariaLabel={t('coverage.trackRepresentative')}
          placeholder={t('coverage.trackRepresentative')}
          value={representativeId}
          onChange={(id) => onChange({ trackRep: id ?? undefined, trackDay: day })}
          style={{ width: 220 }}
        />
      ) : null}
      <DatePicker
        aria-label={t('coverage.trackDay')}
        placeholder={t('coverage.trackDay')}
        value={day ? dayjs(day) : null}
        format={dateFormat}
        onChange={(value) => onChange({ trackRep: representativeId, trackDay: value ? value.format(dateFormat) : undefined })}
      />
      {(seesTeam && representativeId) || day ? (
        <Button icon={<CloseOutlined />} onClick={() => onChange({})}>
          {t('coverage.trackClear')}
        </Button>
      ) : null}
      {representativeId && day ? (
        track.isFetching ? (
          <Spin size="small" />
        ) : track.isError ? (
          <Typography.Text type="danger">{t('coverage.trackError')}</Typography.Text>
        ) : (
          <Typography.Text type="secondary" role="status">
            {stops ? t('coverage.trackStops', { count: stops }) : t('coverage.trackEmpty')}
          </Typography.Text>
        )
      ) : null}
    </div>
  );
}

/** /coverage-map (spec §2): the territory's organizations coloured by what happened in the period, the uncovered list, a representative's day. */
export function CoverageMapPage() {
  const { t } = useTranslation(['statistics', 'analytics']);
  const state = useAnalyticsFilters(['trackRep', 'trackDay'] as const);
  const seesTeam = useSeesTeam();
  // coverage has no client type: the figures do not depend on it
  const query = useMemo(() => ({ ...state.query, clientType: undefined }), [state.query]);
  const coverage = useCoverage(query);
  const [hidden, setHidden] = useState<Set<CoverageState>>(new Set());
  // a rep draws their own day (the server answers for no one else)
  const self = useSession().user?.id;
  const trackRep = seesTeam ? idFilter(state.filters.trackRep) : self;
  const trackDay = /^\d{4}-\d{2}-\d{2}$/.test(state.filters.trackDay ?? '') ? state.filters.trackDay : undefined;
  const track = useTrack(trackRep, trackDay);

  const data = coverage.data;
  const allPoints = useMemo(() => data?.points ?? [], [data]);
  const points = useMemo<MapPoint[]>(
    () =>
      allPoints
        .filter((p) => !hidden.has(p.state))
        .map((p) => ({ id: p.id, lat: p.lat, lng: p.lng, title: `${p.name} · ${t(`analytics:coverage.states.${p.state}`)}`, color: coverageColor(p.state) })),
    [allPoints, hidden, t],
  );
  const routes = useMemo<MapRoute[]>(() => {
    const stops = track.data?.stops ?? [];
    if (!stops.length) return [];
    return [
      {
        id: 'track',
        color: trackColor,
        stops: stops.map((s) => ({ id: s.visitId, lat: s.lat, lng: s.lng, title: `${dayjs(s.startedAt).format('HH:mm')} ${s.organizationName}` })),
      },
    ];
  }, [track.data]);
  const fitTo = routes.length ? routes[0]!.stops : allPoints;

  const toggle = (s: CoverageState) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(s)) next.delete(s);
      else next.add(s);
      return next;
    });

  const total = data ? coverageStates.reduce((n, s) => n + data.counts[s], 0) : 0;

  return (
    <>
      <PageHeader title={t('nav:titles.coverageMap')} subtitle={t('coverage.subtitle')} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }} style={{ marginBottom: 12 }}>
        <AnalyticsFiltersBar state={state} hide={['clientType']} />
      </Card>
      {coverage.isError && !data ? (
        <QueryError error={coverage.error} onRetry={() => void coverage.refetch()} retrying={coverage.isFetching} />
      ) : !data ? (
        <div className="coverage-loading">
          <Spin />
        </div>
      ) : (
        <div className="coverage-layout" aria-busy={coverage.isFetching}>
          <div className="coverage-main">
            <CoverageLegend data={data} hidden={hidden} onToggle={toggle} />
            {total === 0 ? <Alert type="info" showIcon title={t('coverage.empty')} /> : null}
            <MapView label={t('coverage.mapLabel')} points={points} routes={routes} clusters fitPoints fitTo={fitTo} height="var(--coverage-map-height)" />
            <TrackPicker
              representativeId={trackRep}
              day={trackDay}
              track={track}
              onChange={(next) => state.update({ trackRep: next.trackRep, trackDay: next.trackDay })}
            />
          </div>
          <UncoveredList data={data} query={query} />
        </div>
      )}
    </>
  );
}
