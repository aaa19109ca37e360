import { useMemo, useState, type ReactNode } from 'react';
import { Avatar, Button, Flex, Skeleton } from 'antd';
import {
  ArrowRightOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ScheduleOutlined,
  AimOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LinkButton } from '../../../components/link-button';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useVisits } from '../api/get-visits';
import { TodayCounts } from '../components/today-counts';
import { useOpenVisit } from '../components/use-open-visit';
import { VisitCard } from '../components/visit-card';
import type { VisitFormTarget } from '../components/visit-form';
import { VisitFormOnDemand } from '../components/visit-form-on-demand';
import { VisitStatusTag } from '../components/visit-status-tag';
import { visitPaths } from '../paths';
import { nearestVisit, nearestVisitTitle, plannedRange } from '../visit-dates';
import { useToday } from '../../../lib/business-day';
import type { VisitSummary } from '@pharma/contracts';
import '../components/visits.css';

/** / and /main: the greeting and, for whoever works with visits, today's visits. */
/** The visits day of whoever works with visits; `shortcuts` for a user without them (the app's screens they may open). */
export function MainPage({ shortcuts }: { shortcuts: ReactNode }) {
  const canView = useCan('visits.view');
  return (
    <>
      <Greeting />
      {canView ? <TodayVisits /> : shortcuts}
    </>
  );
}

function Greeting() {
  const { t } = useTranslation('visits');
  const user = useSession().user;
  const canPlan = useCan('visits.edit');
  const today = useToday();
  const [target, setTarget] = useState<VisitFormTarget | null>(null);
  return (
    <>
      <PageHeader
        title={t('nav:titles.main')}
        extra={
          canPlan ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create', date: today })}>
              {t('actions.planVisit')}
            </Button>
          ) : null
        }
      />
      {user ? (
        <Flex align="center" gap={12} className="main-greeting" style={{ marginBottom: 16 }}>
          <Avatar size={44} icon={<UserOutlined />} style={{ backgroundColor: 'var(--ant-color-primary)', flex: 'none' }} />
          <div style={{ minWidth: 0 }}>
            <h2 className="section-title">{t('common:messages.greeting', { name: user.fullName })}</h2>
            <span className="text-secondary">
              {sameAsRole(t(`enums:role.${user.role}`), user.position)
                ? t(`enums:role.${user.role}`)
                : t('common:messages.roleAndPosition', { role: t(`enums:role.${user.role}`), position: user.position })}
            </span>
          </div>
        </Flex>
      ) : null}
      <VisitFormOnDemand target={target} onClose={() => setTarget(null)} />
    </>
  );
}

const active = new Set<VisitSummary['status']>(['in_progress', 'planned', 'overdue']);
const order: Record<string, number> = { in_progress: 0, overdue: 1, planned: 2 };

function TodayVisits() {
  const { t } = useTranslation('visits');
  // the day changes at midnight: a screen left open overnight asks for the new day's visits
  const date = useToday();
  const user = useSession().user;
  const ownScope = user?.scope === 'own';
  const [target, setTarget] = useState<VisitFormTarget | null>(null);
  // the finished visits' cards are drawn only while unfolded, as antd's Collapse did (folded, they cost nothing)
  const [doneOpen, setDoneOpen] = useState(false);
  const visits = useVisits({ from: date, to: date, page: 1, size: 100, sort: 'plannedStart' }, { refetchInterval: 60_000 });
  const items = visits.data?.items;

  const { current, done, nearest } = useMemo(() => {
    const list = items ?? [];
    const current = list
      .filter((v) => active.has(v.status))
      .sort((a, b) => (order[a.status] ?? 9) - (order[b.status] ?? 9) || a.plannedStart.localeCompare(b.plannedStart));
    return { current, done: list.filter((v) => !active.has(v.status)), nearest: nearestVisit(list, user?.id, Date.now()) };
  }, [items, user?.id]);
  const edit = (visit: VisitSummary) => setTarget({ mode: 'edit', id: visit.id });

  let list;
  if (visits.isPending) list = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (visits.isError && !items)
    list = <QueryError error={visits.error} title={t('messages.visitsError')} onRetry={() => void visits.refetch()} retrying={visits.isFetching} />;
  else if (current.length === 0 && done.length === 0) list = <EmptyState description={t('messages.noVisitsToday')} />;
  else
    list = (
      <Flex vertical gap={12}>
        {current.length ? (
          <div className="visit-cards visit-cards--grid">
            {current.map((v) => (
              <VisitCard key={v.id} visit={v} onEdit={edit} showRepresentative={!ownScope} />
            ))}
          </div>
        ) : (
          <EmptyState description={t('messages.nothingLeftToday')} />
        )}
        {done.length ? (
          // a native disclosure, not antd's Collapse: the rep's first screen stays light (issue 16)
          <details className="visits-done" onToggle={(e) => setDoneOpen(e.currentTarget.open)}>
            <summary>{t('main.finished', { count: done.length })}</summary>
            {doneOpen ? (
              <div className="visit-cards visit-cards--grid">
                {done.map((v) => (
                  <VisitCard key={v.id} visit={v} onEdit={edit} showRepresentative={!ownScope} />
                ))}
              </div>
            ) : null}
          </details>
        ) : null}
        {visits.data && visits.data.total > visits.data.items.length ? (
          <Link to={visitPaths.day(date)}>
            {t('main.allOfDay', { count: visits.data.total })} <ArrowRightOutlined />
          </Link>
        ) : null}
      </Flex>
    );

  return (
    <Flex vertical gap={16} className="main-today">
      {nearest ? <NearestVisit visit={nearest} /> : null}
      <section aria-labelledby="today-title">
        <Flex justify="space-between" align="baseline" gap={8} wrap style={{ marginBottom: 8 }}>
          <h2 id="today-title" className="section-title">
            {ownScope ? t('main.myToday') : t('main.teamToday')}
          </h2>
          <Link to={visitPaths.day(date)}>{t('main.openDay')}</Link>
        </Flex>
        <TodayCounts date={date} />
      </section>
      {list}
      <VisitLinks />
      <VisitFormOnDemand target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}

/** The quick start: the visit in progress, or the planned one nearest to now. */
function NearestVisit({ visit }: { visit: VisitSummary }) {
  const { t } = useTranslation('visits');
  const open = useOpenVisit();
  const [opening, setOpening] = useState(false);
  const running = visit.status === 'in_progress';
  return (
    <section className="surface-card nearest-visit" aria-labelledby="nearest-title">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <span className="text-secondary" id="nearest-title">
            {t(`main.${nearestVisitTitle(visit)}`)}
          </span>
          <div className="visit-card__title" style={{ marginTop: 2 }}>
            {visit.organizationName}
          </div>
          <Flex gap={8} align="center" wrap>
            <strong className="visit-card__time">{plannedRange(visit.plannedStart, visit.plannedEnd, { date: false })}</strong>
            <VisitStatusTag status={visit.status} />
          </Flex>
        </div>
        <Button
          type="primary"
          size="large"
          icon={running ? <ArrowRightOutlined /> : <PlayCircleOutlined />}
          loading={opening}
          onClick={() => {
            setOpening(true);
            void open(visit).finally(() => setOpening(false));
          }}
          className="nearest-visit__go"
        >
          {running ? t('actions.continueVisit') : t('actions.startVisit')}
        </Button>
      </Flex>
    </section>
  );
}

function VisitLinks() {
  const { t } = useTranslation('visits');
  const links = [
    { to: visitPaths.calendar(), icon: <CalendarOutlined />, label: t('nav:titles.visits') },
    { to: visitPaths.planner(), icon: <CarryOutOutlined />, label: t('nav:titles.visitsRepresentative') },
    { to: visitPaths.planned(), icon: <ScheduleOutlined />, label: t('nav:titles.visitsPlanned') },
    { to: visitPaths.choose(), icon: <AimOutlined />, label: t('nav:titles.chooseVisit') },
  ];
  return (
    <Flex gap={8} wrap>
      {links.map((l) => (
        <LinkButton key={l.to} to={l.to} icon={l.icon}>
          {l.label}
        </LinkButton>
      ))}
    </Flex>
  );
}

/** A position that says the same as the role (a rep is a medical representative) is not repeated. */
function sameAsRole(role: string, position: string | null | undefined): boolean {
  return !position || position.trim().toLowerCase() === role.trim().toLowerCase();
}
