import { Alert, Card, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../../components/link-button';
import { NotFound } from '../../../../components/not-found';
import { QueryError } from '../../../../components/query-error';
import { useSession } from '../../../../lib/session';
import { useOrganization, organizationPaths } from '../../../organizations';
import { useVisit } from '../../api/get-visit';
import { RemaindersSection } from '../components/remainders-section';
import { VisitStatusTag } from '../../components/visit-status-tag';
import '../visit.css';

/** /removing-residues/:id (id = the visit): the pharmacy's shelf stock of our products, counted during the visit. */
export function RemovingResiduesPage() {
  const { t } = useTranslation('visit');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const visit = useVisit(valid ? id : null);
  const organization = useOrganization(visit.data?.organizationId);
  const me = useSession().user;
  if (!valid) return <NotFound />;
  if (visit.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (visit.isError) return <QueryError error={visit.error} title={t('messages.loadError')} retrying={visit.isFetching} onRetry={() => void visit.refetch()} />;
  const v = visit.data;
  const editable = v.status === 'in_progress' && v.representativeId === me?.id;
  const back = organization.data ? `${organizationPaths.visit(organization.data.id, organization.data.type)}?visit=${v.id}&section=remainders` : null;

  return (
    <div className="visit-screen">
      <header className="visit-head">
        {back ? (
          <LinkButton to={back} type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
            {t('actions.backToVisit')}
          </LinkButton>
        ) : null}
        <Typography.Title level={1} className="visit-head__title">
          {t('nav:titles.removingResidues')}
        </Typography.Title>
        <div className="visit-head__facts">
          <span>{v.organizationName}</span>
          <VisitStatusTag status={v.status} />
        </div>
      </header>
      {editable ? null : <Alert type="info" showIcon title={t('errors:VISIT_NOT_EDITABLE')} />}
      <Card size="small">
        <RemaindersSection visit={v} readOnly={!editable} />
      </Card>
    </div>
  );
}
