import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Flex, Row, Skeleton, Space, Table, Tabs, Typography } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, EnvironmentOutlined, HistoryOutlined, StopOutlined, TruckOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localized, type BlacklistHistoryEntry, type Organization } from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { FavoriteStar } from '../../../components/favorite-star';
import { LinkButton } from '../../../components/link-button';
import { MapView } from '../../../components/map/map-view';
import type { MapPoint } from '../../../components/map/types';
import { NotFound } from '../../../components/not-found';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { hrefOf } from '../../../lib/paths';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatNumber, formatPhone } from '../../../lib/format';
import { ClickToCallButton } from '../../calls';
import { useLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { OrganizationDoctors } from '../../doctors';
import { visitPaths } from '../../visits';
import { useDeleteOrganization } from '../api/delete-organization';
import { useBlacklistHistory } from '../api/get-blacklist-history';
import { useOrganization } from '../api/get-organization';
import { useSetFavoriteOrganization } from '../api/set-favorite-organization';
import { BlockOrganizationModal } from '../components/block-organization-modal';
import { BlockedTag, OrganizationTypeTag } from '../components/organization-tags';
import { StartVisitButton } from '../components/start-visit-button';
import { useUnblockConfirm } from '../components/use-unblock';
import { organizationPaths } from '../paths';

/** /references/:id: one organization — its details, map, doctors, blacklist; favorite, block, start a visit. */
export function OrganizationPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam) > 0 ? Number(idParam) : null;
  const query = useOrganization(id);
  if (!id) return <NotFound />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFound />;
    return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return <OrganizationDetails organization={query.data} />;
}

function OrganizationDetails({ organization: o }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const lng = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canEdit = useCan('organizations.edit');
  const canDelete = useCan('organizations.delete');
  const canSeeVisits = useCan('visits.view');
  const favorite = useSetFavoriteOrganization();
  const remove = useDeleteOrganization();
  const unblock = useUnblockConfirm();
  const [blocking, setBlocking] = useState(false);
  const phone = useWindowWidth() < phoneBelowPx;

  const points: MapPoint[] = [];
  if (o.lat !== null && o.lng !== null) points.push({ id: 'organization', lat: o.lat, lng: o.lng, title: o.name, tone: o.blocked ? 'blocked' : 'primary' });
  if (o.deliveryLat !== null && o.deliveryLng !== null && (o.deliveryLat !== o.lat || o.deliveryLng !== o.lng)) {
    points.push({ id: 'delivery', lat: o.deliveryLat, lng: o.deliveryLng, title: t('labels.deliveryPoint'), tone: 'delivery' });
  }

  const text = (value: ReactNode) => (value === null || value === undefined || value === '' ? <span className="cell-muted">—</span> : value);
  const money = (tiyin: number | null) => (tiyin === null ? null : `${formatNumber(tiyin / 100, tiyin % 100 ? 2 : 0)} ${t('labels.sum')}`);

  return (
    <>
      <PageHeader
        title={
          <Flex align="center" gap={4} component="span">
            <span>{o.name}</span>
            <FavoriteStar
              active={o.favorite}
              loading={favorite.isPending}
              addLabel={t('actions.addFavorite')}
              removeLabel={t('actions.removeFavorite')}
              onToggle={(next) =>
                favorite.mutate(
                  { id: o.id, favorite: next },
                  {
                    onSuccess: () => void message.success(next ? t('messages.favoriteAdded') : t('messages.favoriteRemoved')),
                    onError: (error) => void message.error(errorMessage(error)),
                  },
                )
              }
            />
          </Flex>
        }
        subtitle={
          <Flex gap={6} wrap align="center" component="span" style={{ marginTop: 4 }}>
            <OrganizationTypeTag type={o.type} />
            {o.blocked ? <BlockedTag block={o.block} /> : null}
            {o.size ? <span>{t(`enums:organizationSize.${o.size}`)}</span> : null}
          </Flex>
        }
        extra={
          <>
            {canEdit ? (
              <LinkButton to={organizationPaths.edit(o.id)} icon={<EditOutlined />}>
                {t('common:actions.edit')}
              </LinkButton>
            ) : null}
            {canEdit && !o.blocked ? (
              <Button danger icon={<StopOutlined />} onClick={() => setBlocking(true)}>
                {t('actions.block')}
              </Button>
            ) : null}
            {canEdit && o.blocked ? (
              <Button icon={<CheckCircleOutlined />} loading={unblock.pending} onClick={() => unblock.confirm(o)}>
                {t('actions.unblock')}
              </Button>
            ) : null}
            {canDelete ? (
              <ConfirmButton
                danger
                icon={<DeleteOutlined />}
                loading={remove.isPending}
                onConfirm={() =>
                  remove.mutateAsync(o.id).then(
                    () => {
                      void message.success(t('common:messages.deleted'));
                      void navigate(hrefOf('references'), { replace: true });
                    },
                    (error: unknown) => void message.error(errorMessage(error)),
                  )
                }
              >
                {t('common:actions.delete')}
              </ConfirmButton>
            ) : null}
          </>
        }
      />

      {o.blocked && o.block ? (
        <Alert
          type="error"
          showIcon
          icon={<StopOutlined />}
          style={{ marginBottom: 16 }}
          title={t('messages.isBlocked')}
          description={
            <Descriptions
              size="small"
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'reason', label: t('fields.reason.label'), children: o.block.reason },
                { key: 'by', label: t('fields.blockedBy.label'), children: text(o.block.blockedByName) },
                { key: 'at', label: t('fields.blockedAt.label'), children: formatDateTime(o.block.blockedAt) },
              ]}
            />
          }
        />
      ) : null}

      <Card variant="borderless" style={{ marginBottom: 16 }} styles={{ body: { padding: 12 } }}>
        <Flex gap={12} wrap align="center" justify="space-between" className="visit-bar">
          <StartVisitButton organization={o} block={phone} />
          <Space wrap>
            <LinkButton to={organizationPaths.chooseDoctor(o.id)}>{t('actions.chooseDoctor')}</LinkButton>
            {canSeeVisits ? (
              <LinkButton to={visitPaths.history(o.id)} icon={<HistoryOutlined />}>
                {t('actions.history')}
              </LinkButton>
            ) : null}
            {canEdit ? (
              <>
                <LinkButton to={organizationPaths.address(o.id)} icon={<EnvironmentOutlined />}>
                  {t('nav:titles.addAddress')}
                </LinkButton>
                <LinkButton to={organizationPaths.deliveryAddress(o.id)} icon={<TruckOutlined />}>
                  {t('nav:titles.addDeliveryAddress')}
                </LinkButton>
              </>
            ) : null}
          </Space>
        </Flex>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card variant="borderless" title={t('sections.main')}>
            <Descriptions
              column={1}
              size="small"
              className="details-grid"
              items={[
                { key: 'address', label: t('fields.address.label'), children: o.address },
                { key: 'region', label: t('fields.regionId.label'), children: `${localized(o.regionName, lng)}, ${localized(o.districtName, lng)}` },
                {
                  key: 'phone',
                  label: t('fields.phone.label'),
                  children: (
                    <span>
                      <a href={`tel:${o.phone}`}>{formatPhone(o.phone)}</a>{' '}
                      <ClickToCallButton size="small" phone={o.phone} subject={{ type: 'organization', id: o.id }} />
                    </span>
                  ),
                },
                { key: 'inn', label: t('fields.inn.label'), children: o.inn },
                {
                  key: 'responsible',
                  label: t('fields.responsiblePerson.label'),
                  children: (
                    <span>
                      {o.responsiblePerson}
                      {o.responsiblePhone ? (
                        <>
                          {' · '}
                          <a href={`tel:${o.responsiblePhone}`}>{formatPhone(o.responsiblePhone)}</a>{' '}
                          <ClickToCallButton size="small" phone={o.responsiblePhone} subject={{ type: 'organization', id: o.id }} />
                        </>
                      ) : null}
                    </span>
                  ),
                },
                { key: 'branch', label: t('fields.branchName.label'), children: text(o.branchName) },
                { key: 'brand', label: t('fields.brandId.label'), children: text(o.brandName) },
                { key: 'coords', label: t('fields.coordinates.label'), children: text(o.lat !== null && o.lng !== null ? `${o.lat}, ${o.lng}` : null) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          {points.length > 0 ? (
            <MapView label={t('labels.organizationOnMap', { name: o.name })} points={points} fitPoints height={300} />
          ) : (
            <Card variant="borderless">
              <Typography.Text type="secondary">{t('messages.noPoint')}</Typography.Text>
            </Card>
          )}
        </Col>
        <Col span={24}>
          <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
            <Tabs
              items={[
                { key: 'doctors', label: t('sections.doctors'), children: <OrganizationDoctors organization={o} /> },
                {
                  key: 'delivery',
                  label: t('sections.delivery'),
                  children: (
                    <Descriptions
                      column={1}
                      size="small"
                      className="details-grid"
                      items={[
                        { key: 'address', label: t('fields.deliveryAddress.label'), children: o.deliveryAddress },
                        { key: 'house', label: t('fields.deliveryHouse.label'), children: text(o.deliveryHouse) },
                        {
                          key: 'coords',
                          label: t('fields.coordinates.label'),
                          children: text(o.deliveryLat !== null ? `${o.deliveryLat}, ${o.deliveryLng}` : null),
                        },
                      ]}
                    />
                  ),
                },
                {
                  key: 'legal',
                  label: t('sections.legal'),
                  children: (
                    <Descriptions
                      column={1}
                      size="small"
                      className="details-grid"
                      items={[
                        { key: 'legalName', label: t('fields.legalName.label'), children: text(o.legalName) },
                        { key: 'legalAddress', label: t('fields.legalAddress.label'), children: text(o.legalAddress) },
                        { key: 'bankName', label: t('fields.bankName.label'), children: text(o.bankName) },
                        { key: 'bankAccount', label: t('fields.bankAccount.label'), children: text(o.bankAccount) },
                        { key: 'bankMfo', label: t('fields.bankMfo.label'), children: text(o.bankMfo) },
                      ]}
                    />
                  ),
                },
                {
                  key: 'terms',
                  label: t('sections.terms'),
                  children: (
                    <Descriptions
                      column={1}
                      size="small"
                      className="details-grid"
                      items={[
                        { key: 'creditLimit', label: t('fields.creditLimit.label'), children: text(money(o.creditLimit)) },
                        { key: 'creditDays', label: t('fields.creditDays.label'), children: text(o.creditDays) },
                        { key: 'shelf', label: t('fields.minShelfLifeMonths.label'), children: text(o.minShelfLifeMonths) },
                        {
                          key: 'clientType',
                          label: t('fields.defaultClientType.label'),
                          children: text(o.defaultClientType ? t(`enums:clientType.${o.defaultClientType}`) : null),
                        },
                        {
                          key: 'payment',
                          label: t('fields.defaultPaymentVariant.label'),
                          children: text(o.defaultPaymentVariant ? t(`enums:paymentVariant.${o.defaultPaymentVariant}`) : null),
                        },
                      ]}
                    />
                  ),
                },
                { key: 'blacklist', label: t('sections.blacklist'), children: <BlacklistHistory id={o.id} /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {canEdit ? <BlockOrganizationModal organization={o} open={blocking} onClose={() => setBlocking(false)} /> : null}
    </>
  );
}

function BlacklistHistory({ id }: { id: number }) {
  const { t } = useTranslation('organizations');
  const query = useBlacklistHistory(id);
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <Table<BlacklistHistoryEntry>
      size="small"
      rowKey="id"
      loading={query.isPending}
      dataSource={query.data}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('messages.neverBlocked') }}
      columns={[
        { key: 'reason', dataIndex: 'reason', title: t('fields.reason.label') },
        { key: 'by', dataIndex: 'blockedByName', title: t('fields.blockedBy.label') },
        { key: 'at', title: t('fields.blockedAt.label'), render: (_, e) => <span className="nowrap">{formatDate(e.blockedAt)}</span> },
        {
          key: 'unblocked',
          title: t('fields.unblockedAt.label'),
          render: (_, e) =>
            e.unblockedAt ? <span className="nowrap">{`${formatDate(e.unblockedAt)} · ${e.unblockedByName ?? ''}`}</span> : <BlockedTag block={e} />,
        },
      ]}
    />
  );
}
