import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, App, Button, Card, Flex, Result, Segmented, Skeleton, Typography } from 'antd';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  InboxOutlined,
  PlayCircleOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { organizationTypeSchema, type Organization, type OrganizationType, type Visit } from '@pharma/contracts';
import { NotFound } from '../../../../components/not-found';
import { OutboxMark } from '../../../../components/outbox-mark';
import { serverIdOf, useOutbox } from '../../../../lib/outbox';
import { QueryError } from '../../../../components/query-error';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { useCurrentPosition } from '../../../../lib/geolocation';
import { useCan } from '../../../../lib/permissions';
import { useSession } from '../../../../lib/session';
import { OrganizationTypeTag, useOrganization } from '../../../organizations';
import { cachedDoctorName } from '../../../doctors';
import { useCurrentVisit } from '../../api/get-current-visit';
import { useVisit } from '../../api/get-visit';
import { useVisitOrder } from '../../api/get-visit-order';
import { useAddVisitDoctor } from '../../api/visit-results';
import { visitSubject } from '../../api/queued-visit-write';
import { DoctorsSection } from '../components/doctors-section';
import { DrugsSection } from '../components/drugs-section';
import { GeolocationAlert } from '../../../../components/geolocation-alert';
import { OrderSection } from '../components/order-section';
import { PositionPanel } from '../components/position-panel';
import { RatingForm } from '../../components/rating-form';
import { RemaindersSection } from '../components/remainders-section';
import { SaveError } from '../../../../components/save-error';
import { VisitRecord } from '../components/visit-record';
import { VisitResult } from '../components/visit-result';
import { VisitStatusTag } from '../../components/visit-status-tag';
import { useVisitActions } from '../use-visit-actions';
import { activeReservations, offersBookings } from '../visit-rules';
import { plannedRange } from '../../visit-dates';
import '../visit.css';

const sections = ['doctors', 'drugs', 'remainders', 'order'] as const;
type Section = (typeof sections)[number];
const sectionIcons: Record<Section, ReactNode> = {
  doctors: <TeamOutlined />,
  drugs: <ExperimentOutlined />,
  remainders: <InboxOutlined />,
  order: <ShoppingCartOutlined />,
};

/**
 * /point-visit/:id/:type_id and /point-visit-new/:id/:type_id (id = the organization): the visit
 * itself, on a phone. No visit → 'Start a visit now'; planned or overdue → 'Start visit'; in progress →
 * doctors, drugs, remainders and order, with 'Complete visit' in a bar at the bottom; completed → the
 * visit-proof result and the rating. `?visit=ID` pins the visit the screen follows once it has one.
 */
export function VisitPage() {
  const params = useParams();
  const organizationId = Number(params.id);
  if (!Number.isInteger(organizationId) || organizationId <= 0) return <NotFound />;
  const parsed = organizationTypeSchema.safeParse(params.type_id);
  return <VisitScreen key={organizationId} organizationId={organizationId} typeHint={parsed.success ? parsed.data : 'pharmacy'} />;
}

function VisitScreen({ organizationId, typeHint }: { organizationId: number; typeHint: OrganizationType }) {
  const { t } = useTranslation(['visit', 'maps', 'doctors']);
  const [search, setSearch] = useSearchParams();
  // a visit planned on the phone has a local (negative) id until the queue sends it
  const pinnedId = Number.isInteger(Number(search.get('visit'))) && Number(search.get('visit')) !== 0 ? Number(search.get('visit')) : null;
  const organization = useOrganization(organizationId);
  const current = useCurrentVisit(organizationId, pinnedId === null);
  const pinned = useVisit(pinnedId);
  const query = pinnedId ? pinned : current;
  const visit: Visit | null = (pinnedId ? pinned.data : current.data?.visit) ?? null;

  const setParams = (patch: Record<string, string | undefined>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // a visit planned on the phone, once the queue has sent it: the screen follows the server's record
  // (each render while it is local: the queue's view changing renders the screen)
  useOutbox();
  useEffect(() => {
    if (pinnedId === null || pinnedId > 0) return;
    void serverIdOf(pinnedId).then((id) => {
      if (id !== null) setParams({ visit: String(id) });
    });
  });

  // a pinned visit of another organization is not this screen's
  useEffect(() => {
    if (pinned.data && pinned.data.organizationId !== organizationId) setParams({ visit: undefined });
  });

  // a manager may follow a visit (?visit=) of an organization outside their own territories: the visit is enough
  const organizationNeeded = !visit;
  if ((organization.isPending && organizationNeeded) || query.isPending) {
    return (
      <div className="visit-screen" aria-busy="true">
        <Skeleton active title paragraph={{ rows: 2 }} />
        <Skeleton.Button active block size="large" />
        <Skeleton active paragraph={{ rows: 5 }} />
      </div>
    );
  }
  const failed = query.isError ? query : organization.isError && organizationNeeded ? organization : null;
  if (failed) {
    return (
      <div className="visit-screen">
        <QueryError error={failed.error} title={t('messages.loadError')} retrying={failed.isFetching} onRetry={() => void failed.refetch()} />
      </div>
    );
  }
  return (
    <VisitView
      organization={organization.data ?? null}
      typeHint={typeHint}
      visit={visit}
      setParams={setParams}
      section={search.get('section')}
      doctorParam={search.get('doctor')}
    />
  );
}

function VisitView({
  organization,
  typeHint,
  visit,
  setParams,
  section: sectionParam,
  doctorParam,
}: {
  organization: Organization | null;
  typeHint: OrganizationType;
  visit: Visit | null;
  setParams: (patch: Record<string, string | undefined>) => void;
  section: string | null;
  doctorParam: string | null;
}) {
  const { t } = useTranslation(['visit', 'maps', 'doctors']);
  const { message } = App.useApp();
  const location = useLocation();
  const me = useSession().user;
  const canEdit = useCan('visits.edit');
  const type = organization?.type ?? typeHint;
  const bookings = offersBookings(type);
  const organizationId = organization?.id ?? visit?.organizationId ?? 0;
  const mine = !!visit && visit.representativeId === me?.id;
  const inProgress = visit?.status === 'in_progress';
  const open = !visit || visit.status === 'planned' || visit.status === 'overdue' || inProgress;
  const here = useCurrentPosition({ auto: open && canEdit });
  const order = useVisitOrder(visit?.id ?? 0, inProgress && bookings);
  const reservations = activeReservations(order.data);
  const available: Section[] = sections.filter((s) => s !== 'remainders' || bookings);
  const section: Section = available.includes(sectionParam as Section) ? (sectionParam as Section) : 'doctors';
  const goTo = (s: Section) => setParams({ section: s === 'doctors' ? undefined : s });

  const actions = useVisitActions({
    organizationId,
    organizationName: organization?.name ?? visit?.organizationName ?? '',
    type,
    onVisit: (v) => setParams({ visit: String(v.id) }),
    onGoToRemainders: () => goTo('remainders'),
    onGoToDrugs: () => goTo('drugs'),
  });
  const busy = actions.phase !== null;

  // back from /choose-doctor with ?doctor=ID: that doctor is added to the visit
  const addDoctor = useAddVisitDoctor();
  const queryClient = useQueryClient();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!doctorParam || !visit || !inProgress || !mine || handled.current === doctorParam) return;
    handled.current = doctorParam;
    setParams({ doctor: undefined, section: undefined });
    const doctorId = Number(doctorParam);
    addDoctor.mutate(
      { visit, doctorId, fullName: cachedDoctorName(queryClient, doctorId) ?? '' },
      { onSuccess: () => void message.success(t('doctors:messages.added')), onError: (error) => void message.error(errorMessage(error)) },
    );
  });

  const returnTo = `${location.pathname}?visit=${visit?.id ?? ''}`;
  const actionFeedback = (
    <>
      {actions.geoError ? <GeolocationAlert reason={actions.geoError.reason} /> : null}
      <SaveError error={actions.error} onRetry={actions.retry} retrying={busy} />
    </>
  );
  const busyLabel = actions.phase === 'locating' ? t('maps:geolocation.locating') : undefined;

  let body: ReactNode;
  if (!visit || (visit.status === 'cancelled' && mine)) {
    body = (
      <Card>
        <Flex vertical gap={12}>
          {visit ? <Result status="info" icon={<CloseCircleOutlined />} title={t('messages.cancelledTitle')} style={{ padding: 8 }} /> : null}
          <Typography.Text>{visit ? t('messages.startAnother') : t('messages.noVisit')}</Typography.Text>
          {canEdit ? (
            <>
              <Button
                type="primary"
                size="large"
                block
                icon={<PlayCircleOutlined />}
                loading={busy}
                onClick={() => void actions.startNow()}
                disabled={organization?.blocked}
              >
                {busyLabel ?? t('actions.startNow')}
              </Button>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {t('messages.startNowHint')}
              </Typography.Text>
            </>
          ) : null}
          {organization?.blocked ? <Alert type="error" showIcon title={t('errors:ORGANIZATION_BLOCKED', { name: organization.name })} /> : null}
          {actionFeedback}
        </Flex>
      </Card>
    );
  } else if ((visit.status === 'planned' || visit.status === 'overdue') && mine) {
    body = (
      <Card>
        <Flex vertical gap={12}>
          <Typography.Text strong>{t('messages.plannedFor', { range: plannedRange(visit.plannedStart, visit.plannedEnd) })}</Typography.Text>
          {visit.status === 'overdue' ? <Alert type="warning" showIcon title={t('messages.overdue')} /> : null}
          {visit.doctors.length ? (
            <Typography.Text type="secondary">{t('messages.plannedDoctors', { names: visit.doctors.map((d) => d.fullName).join(', ') })}</Typography.Text>
          ) : null}
          {visit.comment ? <Typography.Text type="secondary">{visit.comment}</Typography.Text> : null}
          {canEdit ? (
            <Button type="primary" size="large" block icon={<PlayCircleOutlined />} loading={busy} onClick={() => void actions.startVisit(visit)}>
              {busyLabel ?? t('actions.start')}
            </Button>
          ) : null}
          {actionFeedback}
          {canEdit ? (
            <Button size="large" block danger type="text" disabled={busy} icon={<CloseCircleOutlined />} onClick={() => actions.cancelVisit(visit)}>
              {t('actions.cancel')}
            </Button>
          ) : null}
        </Flex>
      </Card>
    );
  } else if (inProgress && mine) {
    const counts: Record<Section, number> = {
      doctors: visit.doctors.length,
      drugs: visit.drugResults.length,
      remainders: visit.remainders.length,
      order: reservations.length + (order.data?.preOrders.length ?? 0),
    };
    body = (
      <>
        <Segmented<Section>
          block
          className="visit-sections"
          value={section}
          onChange={goTo}
          aria-label={t('labels.sections')}
          options={available.map((s) => ({
            value: s,
            label: (
              <>
                <span className="visit-sections__icon">{sectionIcons[s]}</span>
                <span className="visit-sections__text">{t(`sections.${s}`)}</span>
                {counts[s] ? <span className="visit-sections__count">{counts[s]}</span> : null}
              </>
            ),
          }))}
        />
        <Card size="small" className="visit-section" aria-label={t(`sections.${section}`)}>
          {section === 'doctors' ? <DoctorsSection visit={visit} returnTo={returnTo} /> : null}
          {section === 'drugs' ? <DrugsSection visit={visit} onGoToDoctors={() => goTo('doctors')} /> : null}
          {section === 'remainders' ? <RemaindersSection visit={visit} /> : null}
          {section === 'order' ? (
            bookings ? (
              <OrderSection visit={visit} onGoToRemainders={() => goTo('remainders')} />
            ) : (
              <Alert type="info" showIcon title={t('messages.bookingsUnderDevelopment')} data-testid="bookings-notice" />
            )
          ) : null}
        </Card>
      </>
    );
  } else {
    body = (
      <>
        {visit.status === 'completed' ? <VisitResult visit={visit} /> : null}
        {visit.status === 'completed' ? <RatingForm visit={visit} framed readOnly={!mine || !canEdit} /> : null}
        {visit.status === 'cancelled' ? <Alert type="info" showIcon title={t('messages.cancelledTitle')} /> : null}
        <VisitRecord visit={visit} />
        {canEdit && (visit.status === 'planned' || visit.status === 'overdue' || inProgress) ? (
          <>
            {actionFeedback}
            <Button size="large" danger disabled={busy} icon={<CloseCircleOutlined />} onClick={() => actions.cancelVisit(visit)}>
              {t('actions.cancel')}
            </Button>
          </>
        ) : null}
      </>
    );
  }

  return (
    <div className="visit-screen">
      <header className="visit-head">
        <Typography.Title level={1} className="visit-head__title">
          {organization?.name ?? visit?.organizationName}
        </Typography.Title>
        <div className="visit-head__facts">
          <OrganizationTypeTag type={type} />
          {visit ? <VisitStatusTag status={visit.status} data-testid="visit-status" /> : null}
          {visit ? <OutboxMark subject={visitSubject(visit.id)} /> : null}
          {organization?.address ? (
            <span>
              <EnvironmentOutlined /> {organization.address}
            </span>
          ) : null}
        </div>
        {visit ? (
          <div className="visit-head__facts">
            {inProgress && visit.startedAt ? <span>{t('messages.inProgressSince', { time: formatDateTime(visit.startedAt) })}</span> : null}
            {!mine ? <span>{t('messages.representative', { name: visit.representativeName })}</span> : null}
          </div>
        ) : null}
      </header>

      {open && canEdit && organization && (mine || !visit) ? (
        <PositionPanel
          here={here}
          organization={organization}
          refreshing={open}
          // the step's failed reading stands until a newer reading succeeds
          stepFailed={!!actions.geoError && (here.position?.at ?? 0) < actions.geoError.at}
        />
      ) : null}

      {body}

      {inProgress && mine ? (
        <div className="visit-bar" data-testid="visit-bar">
          {actionFeedback}
          <div className="visit-bar__buttons">
            <Button className="visit-bar__side" size="large" danger disabled={busy} onClick={() => actions.cancelVisit(visit)} icon={<CloseCircleOutlined />}>
              {t('actions.cancelShort')}
            </Button>
            <Button
              className="visit-bar__main"
              type="primary"
              size="large"
              icon={<CheckCircleOutlined />}
              loading={busy}
              onClick={() => actions.completeVisit(visit, { reserved: reservations.length, preOrdered: order.data?.preOrders.length ?? 0 })}
            >
              {busyLabel ?? t('actions.complete')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
