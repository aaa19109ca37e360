import { useState } from 'react';
import { Badge, Button, Card, Col, Flex, Menu, Row, Skeleton, Table, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { languages, localized, type District, type Region } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { AddButton, RowActions, useActionsColumn } from '../../../components/reference';
import { useLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useDeleteDistrict } from '../api/delete-district';
import { useRegions } from '../api/get-regions';
import { DistrictFormModal, type DistrictTarget } from '../components/district-form-modal';
import { RegionFormModal } from '../components/region-form-modal';

/** Settings → Regions: the regions on the left, the districts of the chosen one on the right, in the current language. */
export function RegionsPage() {
  const { t } = useTranslation('regions');
  const lng = useLanguage();
  const canEdit = useCan('settings.edit');
  const canDelete = useCan('settings.delete');
  const query = useRegions();
  const remove = useDeleteDistrict();
  const [params, setParams] = useSearchParams();
  const [districtTarget, setDistrictTarget] = useState<DistrictTarget | null>(null);
  const [regionTarget, setRegionTarget] = useState<Region | 'new' | null>(null);

  const byName = (a: Region, b: Region) => localized(a.name, lng).localeCompare(localized(b.name, lng), lng);
  const regions = [...(query.data ?? [])].sort(byName);
  const selectedId = Number(params.get('region')) || regions[0]?.id;
  const region = regions.find((r) => r.id === selectedId) ?? regions[0];
  const select = (id: number) => setParams({ region: String(id) }, { replace: true });

  const actions = useActionsColumn<District>(canEdit || canDelete, 96, (d) => (
    <RowActions
      edit={canEdit && { label: t('actions.editDistrict', { name: localized(d.name, lng) }), onClick: () => setDistrictTarget({ mode: 'edit', district: d }) }}
      remove={canDelete && { label: t('actions.deleteDistrict', { name: localized(d.name, lng) }), onConfirm: () => remove.mutateAsync(d.id) }}
    />
  ));
  const otherLanguages = languages.filter((l) => l !== lng);
  const columns: TableProps<District>['columns'] = [
    {
      key: 'name',
      title: t('fields.district.label'),
      render: (_, d) => localized(d.name, lng),
      sorter: (a, b) => localized(a.name, lng).localeCompare(localized(b.name, lng), lng),
      defaultSortOrder: 'ascend',
    },
    ...otherLanguages.map((l) => ({
      key: l,
      title: t(`fields.name.${l}`),
      responsive: ['lg' as const],
      render: (_: unknown, d: District) => (
        <span className="cell-muted" lang={l}>
          {d.name[l]}
        </span>
      ),
    })),
    ...actions,
  ];
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (!region) body = <EmptyState />;
  else
    body = (
      <Row gutter={[16, 16]}>
        <Col xs={24} md={9} xl={7}>
          <Card variant="borderless" title={t('titles.regions')} styles={{ body: { padding: 4 } }}>
            <nav aria-label={t('titles.regions')}>
              <Menu
                mode="inline"
                selectedKeys={[String(region.id)]}
                onClick={({ key }) => select(Number(key))}
                items={regions.map((r) => ({
                  key: String(r.id),
                  label: (
                    <Flex justify="space-between" align="center" gap={8}>
                      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{localized(r.name, lng)}</span>
                      <Badge count={r.districts.length} showZero color="var(--ant-color-fill-secondary)" style={{ color: 'var(--ant-color-text-secondary)' }} />
                    </Flex>
                  ),
                }))}
                style={{ borderInlineEnd: 'none', maxHeight: 'calc(100vh - 260px)', overflowY: 'auto' }}
              />
            </nav>
          </Card>
        </Col>
        <Col xs={24} md={15} xl={17}>
          <Card
            variant="borderless"
            title={t('titles.districtsOf', { region: localized(region.name, lng) })}
            extra={
              <Flex gap={8}>
                {canEdit ? (
                  <Button size="small" icon={<EditOutlined />} onClick={() => setRegionTarget(region)}>
                    {t('actions.editRegion')}
                  </Button>
                ) : null}
                {canEdit ? (
                  <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setDistrictTarget({ mode: 'create', regionId: region.id })}>
                    {t('actions.addDistrict')}
                  </Button>
                ) : null}
              </Flex>
            }
            styles={{ body: { padding: 0 } }}
          >
            <Table<District>
              rowKey="id"
              size="small"
              dataSource={region.districts}
              columns={columns}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <EmptyState /> }}
            />
          </Card>
        </Col>
      </Row>
    );

  return (
    <>
      <PageHeader
        title={t('nav:titles.regions')}
        extra={<AddButton show={canEdit} type="default" label={t('actions.addRegion')} onClick={() => setRegionTarget('new')} />}
      />
      {body}
      {districtTarget ? <DistrictFormModal target={districtTarget} regions={regions} onClose={() => setDistrictTarget(null)} /> : null}
      {regionTarget ? <RegionFormModal region={regionTarget === 'new' ? null : regionTarget} onClose={() => setRegionTarget(null)} /> : null}
    </>
  );
}
