import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Col, Flex, Form, Row, Select, Skeleton, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { localized, type Region } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { errorMessage } from '../../../lib/api-client';
import { useRegions } from '../../regions';
import { useUserOptions } from '../../users';
import { filterChoice } from '../../organizations';
import { useUserTerritories } from '../api/get-user-territories';
import { useSaveUserTerritories } from '../api/save-user-territories';
import { districtKey, keysOf, regionKey, territoriesOf } from '../territory-tree';

/** Settings → Territories: which regions and districts each user works in (what a representative sees). */
export function TerritoriesPage() {
  const { t } = useTranslation('territories');
  const lng = useLanguage();
  const canEdit = useCan('users.edit');
  const { filters, update } = useListParams(['user'] as const);
  const userId = Number(filters.user) > 0 ? Number(filters.user) : null;
  const users = useUserOptions();
  const regions = useRegions();

  const userChoices = useMemo(
    () =>
      (users.data ?? []).map((u) => ({
        value: u.id,
        label: u.fullName,
        role: u.role,
      })),
    [users.data],
  );

  return (
    <>
      <PageHeader title={t('nav:titles.territories')} subtitle={t('messages.explain')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Card variant="borderless">
            <Form layout="vertical">
              <Form.Item label={t('fields.user.label')} htmlFor="territory-user" style={{ margin: 0 }}>
                <Select<number>
                  id="territory-user"
                  showSearch={{ filterOption: filterChoice }}
                  loading={users.isPending}
                  value={userId ?? undefined}
                  onChange={(value) => update({ user: value })}
                  placeholder={t('fields.user.placeholder')}
                  options={userChoices}
                  optionRender={(option) => (
                    <Flex justify="space-between" gap={8}>
                      <span>{option.data.label}</span>
                      <span className="cell-muted">{t(`enums:role.${option.data.role}`)}</span>
                    </Flex>
                  )}
                />
              </Form.Item>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          {userId && regions.data ? (
            <Assignment key={userId} userId={userId} regions={regions.data} canEdit={canEdit} lng={lng} />
          ) : regions.isError ? (
            <QueryError error={regions.error} onRetry={() => void regions.refetch()} retrying={regions.isFetching} />
          ) : userId ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : (
            <Card variant="borderless">
              <Typography.Text type="secondary">{t('messages.pickUser')}</Typography.Text>
            </Card>
          )}
        </Col>
      </Row>
    </>
  );
}

function Assignment({ userId, regions, canEdit, lng }: { userId: number; regions: Region[]; canEdit: boolean; lng: ReturnType<typeof useLanguage> }) {
  const { t } = useTranslation('territories');
  const { message } = App.useApp();
  const query = useUserTerritories(userId);
  const save = useSaveUserTerritories();
  const [checked, setChecked] = useState<string[] | null>(null);

  useEffect(() => {
    if (query.data && checked === null) setChecked(keysOf(query.data, regions));
  }, [query.data, regions, checked]);

  const sorted = useMemo(() => [...regions].sort((a, b) => localized(a.name, lng).localeCompare(localized(b.name, lng), lng)), [regions, lng]);
  const treeData = useMemo<TreeDataNode[]>(
    () =>
      sorted.map((r) => ({
        key: regionKey(r.id),
        title: localized(r.name, lng),
        children: [...r.districts]
          .sort((a, b) => localized(a.name, lng).localeCompare(localized(b.name, lng), lng))
          .map((d) => ({ key: districtKey(d.id), title: localized(d.name, lng) })),
      })),
    [sorted, lng],
  );

  if (query.isPending || checked === null) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;

  const items = territoriesOf(new Set(checked), sorted);
  const summary = items.map((item) => {
    const region = sorted.find((r) => r.id === item.regionId)!;
    if (item.districtId === null) return t('messages.wholeRegion', { region: localized(region.name, lng) });
    const district = region.districts.find((d) => d.id === item.districtId);
    return `${localized(region.name, lng)}: ${district ? localized(district.name, lng) : item.districtId}`;
  });

  return (
    <Card
      variant="borderless"
      title={t('titles.assignment')}
      extra={
        canEdit ? (
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { userId, body: { items } },
                { onSuccess: () => void message.success(t('common:messages.saved')), onError: (error) => void message.error(errorMessage(error)) },
              )
            }
          >
            {t('common:actions.save')}
          </Button>
        ) : null
      }
    >
      <Flex gap={4} wrap style={{ marginBottom: 8 }} aria-live="polite">
        {summary.length === 0 ? <Typography.Text type="warning">{t('messages.none')}</Typography.Text> : summary.map((s) => <Tag key={s}>{s}</Tag>)}
      </Flex>
      <div className="territory-tree">
        <Tree
          checkable
          selectable={false}
          disabled={!canEdit}
          checkedKeys={checked}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          treeData={treeData}
        />
      </div>
    </Card>
  );
}
